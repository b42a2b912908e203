/**
 * How zot's own process ends, whatever the path (the end of a command, a
 * second signal during shutdown).
 *
 * `Deno.exit` skips node's `exit` event, and the npm libraries zot runs
 * hang their clean-up on it: the OS sandbox runtime stops its `socat`
 * bridges and removes their sockets from the temp dir there. Measured on
 * Deno 2.9.6: after `Deno.exit` the bridge lives on (re-parented to init,
 * listening on a socket file nobody removes); node's `process.exit` runs the
 * `exit` listeners, then Deno's `unload`, then exits with the code. Children
 * no library knows yet (one started in the moment of the exit) are stopped
 * first, by {@linkcode stopStrayChildren}.
 *
 * @module
 */

import process from "node:process";
import { stopStrayChildren } from "./stray_children.ts";

/** End zot's process with `code`, after its stray children were stopped and `exit` listeners ran. */
export function exitProcess(code: number): never {
  stopStrayChildren();
  process.exit(code);
}
