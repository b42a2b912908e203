/**
 * How zot's own process ends, whatever the path (the end of a command, a
 * second signal during shutdown, an error nothing caught): first what must
 * be put back is (the TUI gives the terminal back, see
 * {@linkcode beforeExit}), then a last line is said, the stray children are
 * stopped (see {@linkcode stopStrayChildren}), and `Deno.exit` dispatches
 * `unload` to whoever listens for it.
 *
 * @module
 */

import { stopStrayChildren } from "./stray_children.ts";
import { writeAllSync } from "./write_all.ts";

const hooks = new Set<() => void>();
/** The code of the first exit asked for. */
let exitCode: number | undefined;

/**
 * Runs `restore` (synchronous) when zot's process ends through
 * {@linkcode exitProcess}, until disposed: the way back for state that the
 * orderly path restores in a `finally`, which an exit at once never reaches.
 */
export function beforeExit(restore: () => void): Disposable {
  hooks.add(restore);
  return { [Symbol.dispose]: () => void hooks.delete(restore) };
}

/** All of `text` on stderr, synchronously; quiet if stderr is gone. */
function say(text: string): void {
  try {
    writeAllSync(Deno.stderr, new TextEncoder().encode(text));
  } catch {
    // stderr closed: nobody to tell.
  }
}

/**
 * End zot's process with `code`. `lastWords`, if any, go to stderr once the
 * hooks have run (the terminal is the user's again), then the stray children
 * are told to stop.
 */
export function exitProcess(code: number, lastWords?: string): never {
  // Taken before any runs: an exit reached again from inside one (a hook, an `unload` listener)
  // runs none twice and keeps the first code.
  const restores = [...hooks];
  hooks.clear();
  exitCode ??= code;
  for (const restore of restores) {
    try {
      restore();
    } catch {
      // A hook that fails must not keep zot from ending, nor the others from running.
    }
  }
  if (lastWords !== undefined) say(`${lastWords}\n`);
  stopStrayChildren();
  Deno.exit(exitCode);
}
