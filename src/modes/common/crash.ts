/**
 * An error that nothing caught while a mode runs (an exception thrown in a
 * callback, a rejected promise nobody awaited) is a bug in zot or in a
 * library. Deno's default would print it and end the process there and then:
 * no `unload`, so the OS sandbox's bridges and sockets stay behind, the TUI's
 * terminal modes (hidden cursor, bracketed paste, the keyboard protocol) stay
 * on in the user's shell, and extension groups are left to the reaper. Here
 * it ends zot the way a second signal does (see {@linkcode exitNow}): listed
 * child groups killed, the terminal given back, the error said on stderr,
 * stray children stopped, exit status 1.
 *
 * @module
 */

import { EXIT_FAILURE, internalErrorLine } from "../../errors.ts";
import { exitNow } from "./interrupt.ts";

/** Until disposed, an uncaught error or unhandled rejection ends zot as described above. */
export function exitOnCrash(): Disposable {
  const crash = (event: Event, error: unknown) => {
    // Handled by another listener: Deno would not end the process either.
    if (event.defaultPrevented) return;
    event.preventDefault();
    exitNow(EXIT_FAILURE, internalErrorLine(error));
  };
  // Deno reports an uncaught exception as an ErrorEvent; a plain `error` Event is someone's own.
  const onError = (e: Event) => {
    if (e instanceof ErrorEvent) crash(e, e.error);
  };
  const onRejection = (e: PromiseRejectionEvent) => crash(e, e.reason);
  globalThis.addEventListener("error", onError);
  globalThis.addEventListener("unhandledrejection", onRejection);
  return {
    [Symbol.dispose]() {
      globalThis.removeEventListener("error", onError);
      globalThis.removeEventListener("unhandledrejection", onRejection);
    },
  };
}
