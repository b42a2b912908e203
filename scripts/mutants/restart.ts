/**
 * Mutants for supervised restart: a restarted guard must not open its gates before it has
 * subscribed again, and only a crash (not a finished or opted-out extension) is restarted, a
 * bounded number of times.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const RESTART_TEST = "tests/extensions/host/restart_test.ts";

export const mutants: Mutant[] = [
  {
    id: "restart-gate-opens-before-ready",
    protection: "a restarted extension takes the old one's place only once it is ready",
    file: "src/extensions/host/restart.ts",
    find: "    this.#host.attach(fresh);\n",
    replace: "    this.#host.attach(fresh);\n    this.#host.replace(old, fresh);\n",
    tests: [RESTART_TEST],
  },
  {
    id: "restart-finished-restarted",
    protection: "an extension that exited with status 0 finished: it is not started again",
    file: "src/extensions/host/restart.ts",
    find: "return (info.code !== undefined && info.code !== 0) || info.signal !== undefined;",
    replace: "return true;",
    tests: [RESTART_TEST],
  },
  {
    id: "restart-opt-out-ignored",
    protection: '"restart": "never" in the manifest turns restarts off',
    file: "src/extensions/host/restart.ts",
    find: 'record.source.manifest.restart === "never"',
    replace: "false",
    tests: [RESTART_TEST],
  },
  {
    id: "restart-unbounded",
    protection: "a crash loop stops after the policy's last restart",
    file: "src/extensions/host/restart.ts",
    find: "if (recent.length >= policy.delaysMs.length) {",
    replace: "if (recent.length < 0) {",
    tests: [RESTART_TEST],
  },
  {
    id: "restart-guard-back-without-gates",
    protection: "a restarted guard takes its place only once it intercepts every gate it held",
    file: "src/extensions/host/restart.ts",
    find: "    if (missing().length > 0) {\n      fresh.stopping = true;",
    replace: "    if (false) {\n      fresh.stopping = true;",
    tests: [RESTART_TEST],
  },
  {
    id: "restart-skips-trust-pin",
    protection: "a project's extension is restarted only as zot trust pinned it",
    file: "src/extensions/host/restart_host.ts",
    find: 'if (old.source.kind === "project") {',
    replace: "if (false) {",
    tests: [RESTART_TEST],
  },
  {
    id: "ossandbox-placeholder-protection",
    protection: "no write protection of a confined extension rests on a placeholder file",
    file: "src/extensions/confined_launch.ts",
    find: "const writes = await withoutPlaceholders(perms.permissions.write, perms.denyWrite);",
    replace:
      "const writes = { ok: true as const, write: perms.permissions.write, writeDeny: perms.denyWrite, closed: new Map<string, string[]>() };",
    tests: ["tests/ossandbox/placeholders_test.ts"],
  },
];
