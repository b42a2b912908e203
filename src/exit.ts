/**
 * How zot's own process ends, whatever the path (the end of a command, a
 * second signal during shutdown): its stray children are stopped (see
 * {@linkcode stopStrayChildren}), then `Deno.exit`, which dispatches
 * `unload` to whoever listens for it.
 *
 * @module
 */

import { stopStrayChildren } from "./stray_children.ts";

/** End zot's process with `code`, after its stray children were told to stop. */
export function exitProcess(code: number): never {
  stopStrayChildren();
  Deno.exit(code);
}
