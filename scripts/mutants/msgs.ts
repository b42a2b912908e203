/**
 * Mutants for first-hour messages: the remedies a newcomer reads must really
 * be there (a denied permission names the scope entry, even when caught).
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const DENIED_TEST = "tests/sandbox/denied_remedy_test.ts";

export const mutants: Mutant[] = [
  {
    id: "msgs-denied-remedy-process-runner",
    protection: "a caught denial in the process runner names the scope entry, not Deno's flag",
    file: "src/sandbox/process_entry.ts",
    find: "  installDeniedRemedy();\n",
    replace: "",
    tests: [DENIED_TEST],
  },
  {
    id: "msgs-denied-remedy-worker-runner",
    protection: "a caught denial in the Worker runner names the scope entry, not Deno's flag",
    file: "src/sandbox/bootstrap.ts",
    find: "(${installDeniedRemedy.toString()})();\n",
    replace: "",
    tests: ["tests/sandbox/worker_runner_test.ts"],
  },
  {
    id: "msgs-denied-remedy-reword",
    protection: "the rewrite keeps the denial's words and adds the scope entry",
    file: "src/sandbox/denied_remedy.ts",
    find: "if (message !== this.message) this.message = message;",
    replace: "",
    tests: [DENIED_TEST],
  },
];
