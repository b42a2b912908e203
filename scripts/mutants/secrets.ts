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
const UNIT_TEST = "tests/sandbox/zot_state_unit_test.ts";

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
    id: "secrets-deny-read-comma-split",
    protection: "a denied path holding a comma is never spelled in --deny-read (it would split)",
    file: "src/sandbox/command.ts",
    find: 'if (denyRead.some((v) => v.includes(","))) return undefined;',
    replace: "",
    tests: [UNIT_TEST],
  },
  {
    id: "secrets-state-exposure-ignored",
    protection: "a read grant that holds $ZOT_HOME is noticed and its state denied",
    file: STATE,
    find: "return exposesState(places, readable) ? [places.zotHome] : [];",
    replace: "return [];",
    tests: [TS_TEST, UNIT_TEST],
  },
  {
    id: "secrets-worker-runner-open",
    protection: "the Worker runner, which cannot deny, refuses a read grant around zot's state",
    file: "src/sandbox/launch.ts",
    find: "if (denyRead.length && usesWorkerRunner(runner)) {",
    replace: "if (false) {",
    tests: [TS_TEST],
  },
  {
    id: "secrets-read-inside-state",
    protection: "a read grant inside zot's state is refused (Deno lets it beat the deny)",
    file: "src/sandbox/permissions.ts",
    find: "const inState = places && read.find((r) => isStateGrant(places, r));",
    replace: "const inState = places && undefined;",
    tests: [TS_TEST, OS_TEST],
  },
  {
    id: "secrets-grant-on-the-way",
    protection:
      "a read grant of a directory on the way to its own data (extension-data) is refused",
    file: STATE,
    find:
      "  return !keptInside(places).some((k) => within(k, path));\n}\n\n/**\n * True when a symlink",
    replace:
      "  return !keptInside(places).some((k) => within(k, path) || within(path, k));\n}\n\n/**\n * True when a symlink",
    tests: [TS_TEST, UNIT_TEST],
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
    tests: [OS_TEST, UNIT_TEST],
  },
  {
    id: "secrets-os-program-in-state",
    protection:
      "a confined extension's program file never lies in zot's state (it would be mounted)",
    file: "src/extensions/confined_launch.ts",
    find: "if (isHiddenState(state, program)) {",
    replace: "if (false) {",
    tests: [OS_TEST],
  },
  {
    id: "secrets-bash-state-names",
    protection: "the sandboxed bash tool reads none of zot's state, not only auth.json",
    file: "src/tools/bash_sandbox.ts",
    find: "const paths = [...zotHomePaths(zotHome)];",
    replace: 'const paths = [join(resolve(zotHome), "auth.json")];',
    tests: ["tests/tools/bash_sandbox_state_test.ts", "tests/tools/bash_sandbox_policy_test.ts"],
  },
  {
    id: "secrets-late-link-reads-state",
    protection: "a runner reading beyond its own directories sees no zot state (a later link)",
    file: "src/sandbox/launch.ts",
    find: "if (needsStateView(viewContext)) {",
    replace: "if (false) {",
    tests: ["tests/sandbox/state_link_test.ts"],
  },
  {
    id: "secrets-state-view-shows-state",
    protection: "the mount view of such a runner covers zot's state directory",
    file: "src/sandbox/state_view.ts",
    find: 'view.push("--tmpfs", ctx.zotHome);',
    replace: "",
    tests: ["tests/sandbox/state_link_test.ts"],
  },
  {
    id: "secrets-state-view-missing-bwrap-open",
    protection: "without bubblewrap such a runner does not start (no run without the view)",
    file: "src/sandbox/state_view.ts",
    find: "  if (!bwrap) {\n    return {\n      ok: false,",
    replace:
      "  if (!bwrap) {\n    return { ok: true, command, args: [...args] };\n    return {\n      ok: false,",
    tests: ["tests/sandbox/state_link_test.ts"],
  },
  {
    id: "secrets-state-view-shares-proc",
    protection: "the mount view of such a runner has its own PID namespace (no /proc/<pid>/root)",
    file: "src/sandbox/state_view.ts",
    find: 'view.push("--unshare-pid", "--proc", "/proc");',
    replace: "",
    tests: ["tests/sandbox/state_link_test.ts"],
  },
];
