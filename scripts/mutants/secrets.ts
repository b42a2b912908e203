/**
 * Mutants for zot's own state (keys, conversations, consents, logs, other
 * extensions' data): never readable by an extension whatever its read grant,
 * nor by the sandboxed `bash` tool.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const STATE = "src/sandbox/zot_state.ts";
const TS_TEST = "tests/sandbox/zot_state_test.ts";
const OS_TEST = "tests/ossandbox/zot_state_test.ts";

export const mutants: Mutant[] = [
  {
    id: "secrets-deno-deny-read-dropped",
    protection: "the process runner gets --deny-read for zot's state under a read grant around it",
    file: "src/sandbox/command.ts",
    find: 'flags.push(`--deny-read=${denyRead.join(",")}`);',
    replace: "",
    tests: [TS_TEST],
  },
  {
    id: "secrets-state-exposure-ignored",
    protection: "a read grant that holds $ZOT_HOME is noticed and its state denied",
    file: STATE,
    find: "if (!exposesState(places, readable)) return { ok: true, deny: [] };",
    replace: "return { ok: true, deny: [] };",
    tests: [TS_TEST],
  },
  {
    id: "secrets-state-names-dropped",
    protection: "zot's state names are denied before they exist (a key stored after the start)",
    file: STATE,
    find: "const deny = new Set(ZOT_STATE_NAMES.map((n) => join(places.zotHome, n)));",
    replace: "const deny = new Set<string>();",
    tests: [TS_TEST],
  },
  {
    id: "secrets-walk-siblings-kept",
    protection: "on the way down to its own data, other extensions' data directories are denied",
    file: STATE,
    find: "        else deny.add(path);",
    replace: "        else if (!onTheWay(dir)) deny.add(path);",
    tests: [TS_TEST],
  },
  {
    id: "secrets-worker-runner-open",
    protection: "the Worker runner, which cannot deny, refuses a read grant around zot's state",
    file: "src/sandbox/launch.ts",
    find: "if (state.deny.length && usesWorkerRunner(runner)) {",
    replace: "if (false) {",
    tests: [TS_TEST],
  },
  {
    id: "secrets-read-inside-state",
    protection: "a read grant inside zot's state is refused (Deno lets it beat the deny)",
    file: "src/sandbox/permissions.ts",
    find: "const inState = places && read.find((r) => isHiddenState(places, r));",
    replace: "const inState = places && undefined;",
    tests: [TS_TEST, OS_TEST],
  },
  {
    id: "secrets-link-into-state",
    protection: "a symlink in a granted tree that leads into zot's state refuses the start",
    file: "src/sandbox/symlinks.ts",
    find: "if (rules.unreadable?.(target)) {",
    replace: "if (false) {",
    tests: [TS_TEST],
  },
  {
    id: "secrets-os-reads-around-state",
    protection: "the OS sandbox never mounts $ZOT_HOME for a read grant that holds it",
    file: "src/ossandbox/hidden_reads.ts",
    find: "if (!within(r, hidden)) {",
    replace: "if (true) {",
    tests: [OS_TEST],
  },
  {
    id: "secrets-bash-state-names",
    protection: "the sandboxed bash tool reads none of zot's state, not only auth.json",
    file: "src/tools/bash_sandbox.ts",
    find: "export const ZOT_HOME_SECRETS: readonly string[] = ZOT_STATE_NAMES;",
    replace: 'export const ZOT_HOME_SECRETS: readonly string[] = ["auth.json"];',
    tests: ["tests/tools/bash_sandbox_state_test.ts", "tests/tools/bash_sandbox_policy_test.ts"],
  },
];
