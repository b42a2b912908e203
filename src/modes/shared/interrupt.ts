/**
 * SIGINT and SIGTERM in the headless modes (print, JSON, RPC). Without a
 * listener Deno dies on either at once: a running bash command's process
 * group lives on, the session never records the call's result, extensions
 * get no `session_end` and a JSON or RPC client no `done`. So the first
 * signal only aborts the run (the stream stops, running tools end
 * cancelled) and the mode shuts down as after any run; a second one exits
 * at once with the shell's status for it (130, 143).
 *
 * @module
 */

export type InterruptSignal = "SIGINT" | "SIGTERM";

const SIGNALS: { signal: InterruptSignal; exitCode: number }[] = [
  { signal: "SIGINT", exitCode: 130 },
  { signal: "SIGTERM", exitCode: 143 },
];

/** Calls `abort` on the first SIGINT or SIGTERM; until disposed, a second one exits. */
export function onInterrupt(abort: (signal: InterruptSignal) => void): Disposable {
  let count = 0;
  const removers: (() => void)[] = [];
  for (const { signal, exitCode } of SIGNALS) {
    const handler = () => {
      count++;
      if (count === 1) abort(signal);
      else Deno.exit(exitCode);
    };
    try {
      Deno.addSignalListener(signal, handler);
      removers.push(() => Deno.removeSignalListener(signal, handler));
    } catch {
      // Signals unsupported here (Windows has no SIGTERM listener): nothing to undo.
    }
  }
  return { [Symbol.dispose]: () => removers.forEach((remove) => remove()) };
}

/** What print mode says on stderr after an interrupted run. */
export function interruptedLine(signal: InterruptSignal | undefined): string {
  return signal === "SIGTERM" ? "zot: terminated (SIGTERM)" : "zot: interrupted";
}
