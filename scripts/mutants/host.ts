/**
 * Mutants for the extension host's start-up: an extension's process still
 * leads a session and process group of its own when it is started without
 * forking zot (own_session.ts); extensions spawned before their host exists
 * (early.ts) never run on unowned: a set-up that fails first, or a host
 * stopped before its load, stops them, and the host's stop ends their
 * handshakes.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const OWN_SESSION = "tests/lifetime/own_session_test.ts";
const STOP = "tests/extensions/process/stop_test.ts";
const EARLY_HOST = "tests/extensions/host/early_test.ts";
const EARLY_RUN = "tests/modes/early_extensions_test.ts";

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
  {
    id: "host-early-untaken-left-running",
    protection: "extensions spawned early are stopped when the set-up ends before a host took them",
    file: "src/modes/common/extensions.ts",
    find:
      '      if (early) await (await import("../../extensions/host/early.ts")).cancelEarly(early);',
    replace: "",
    tests: [EARLY_RUN],
  },
  {
    id: "host-early-stopped-host-adopts",
    protection: "a host stopped before its first load stops the spawns it was handed",
    file: "src/extensions/host/mod.ts",
    find: "      if (early) await cancelEarly(early);",
    replace: "",
    tests: [EARLY_HOST],
  },
  {
    id: "host-early-abort-unlinked",
    protection: "the host's stop (or reload) ends the handshakes of spawns started before it",
    file: "src/extensions/host/mod.ts",
    find: "    followAbort(abort, this.#lateAbort.signal);",
    replace: "",
    tests: [EARLY_HOST],
  },
  {
    id: "host-early-frames-unbounded",
    protection: "frames sent before zot listens are held only up to a bound",
    file: "src/extensions/process/inbound.ts",
    find: "if (this.#earlyBytes > EARLY_FRAMES_MAX_BYTES) {",
    replace: "if (false) {",
    tests: ["tests/extensions/process/early_frames_test.ts"],
  },
];
