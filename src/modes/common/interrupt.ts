/**
 * SIGINT, SIGTERM and SIGHUP in every mode. Without a listener Deno dies on
 * any of them at once: a running bash command's process group lives on, the
 * session never records the call's result, extensions get no `session_end`
 * and a JSON or RPC client no `done`. So the first signal only aborts the
 * run (the stream stops, running tools end cancelled) or leaves the TUI, and
 * the mode shuts down as after any run. SIGHUP (the terminal was closed) is
 * one more way to be told to stop, handled like SIGTERM.
 *
 * A second signal, or any signal once the shutdown has begun, exits at once
 * with the shell's status for it (130, 143, 129), but only after SIGKILLing
 * every listed child process group (extensions, running bash commands)
 * synchronously: an exit that skipped the orderly stop must not leave them
 * behind.
 *
 * @module
 */

import { exitProcess } from "../../exit.ts";
import { childGroups } from "../../process_reaper.ts";

export type InterruptSignal = "SIGINT" | "SIGTERM" | "SIGHUP";

const SIGNALS: { signal: InterruptSignal; exitCode: number }[] = [
  { signal: "SIGINT", exitCode: 130 },
  { signal: "SIGTERM", exitCode: 143 },
  { signal: "SIGHUP", exitCode: 129 },
];

/** The shell's exit status for a process ended by `signal`. */
export function signalExitCode(signal: InterruptSignal): number {
  return SIGNALS.find((s) => s.signal === signal)!.exitCode;
}

/**
 * Kill every listed child process group, then exit (`lastWords` said on stderr on the way, see
 * {@linkcode exitProcess}): no code after this runs.
 */
export function exitNow(code: number, lastWords?: string): never {
  childGroups.killAll();
  exitProcess(code, lastWords);
}

function listen(handler: (signal: InterruptSignal, exitCode: number) => void): Disposable {
  const removers: (() => void)[] = [];
  for (const { signal, exitCode } of SIGNALS) {
    const listener = () => handler(signal, exitCode);
    try {
      Deno.addSignalListener(signal, listener);
      removers.push(() => Deno.removeSignalListener(signal, listener));
    } catch {
      // Signals unsupported here (Windows has only SIGINT and SIGBREAK): nothing to undo.
    }
  }
  return { [Symbol.dispose]: () => removers.forEach((remove) => remove()) };
}

/** Calls `abort` on the first SIGINT, SIGTERM or SIGHUP; until disposed, a second one exits. */
export function onInterrupt(abort: (signal: InterruptSignal) => void): Disposable {
  let count = 0;
  return listen((signal, exitCode) => {
    count++;
    if (count === 1) abort(signal);
    else exitNow(exitCode);
  });
}

/** Until disposed, any of the signals exits at once (for the shutdown itself). */
export function exitOnSignal(): Disposable {
  return listen((_signal, exitCode) => exitNow(exitCode));
}

/** What print mode says on stderr after an interrupted run. */
export function interruptedLine(signal: InterruptSignal | undefined): string {
  return signal === undefined || signal === "SIGINT"
    ? "zot: interrupted"
    : `zot: terminated (${signal})`;
}
