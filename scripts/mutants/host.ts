/**
 * Mutants for the extension host's start-up: an extension's process still
 * leads a session and process group of its own when it is started without
 * forking zot (own_session.ts).
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const OWN_SESSION = "tests/lifetime/own_session_test.ts";
const STOP = "tests/extensions/process/stop_test.ts";

export const mutants: Mutant[] = [
  {
    id: "host-ext-in-zots-group",
    protection: "an extension's process leads a session and process group of its own",
    file: "src/extensions/process/child.ts",
    find: "      const session = inOwnSession(plan.command, plan.args);",
    replace: "      const session = { command: plan.command, args: plan.args, detached: false };",
    tests: [OWN_SESSION, STOP],
  },
  {
    id: "host-setsid-forks",
    protection:
      "the session comes from setsid exec'ing the program itself, under the pid zot holds",
    file: "src/own_session.ts",
    find: '{ command: setsid, args: ["--", command, ...args], detached: false }',
    replace: '{ command: setsid, args: ["-f", "--", command, ...args], detached: false }',
    tests: [OWN_SESSION],
  },
];
