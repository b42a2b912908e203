/**
 * SIGINT in headless modes: the first aborts the run (the stream stops,
 * pending tool calls end as cancelled); a second one exits at once.
 *
 * @module
 */

export function onInterrupt(abort: () => void): Disposable {
  let count = 0;
  const handler = () => {
    count++;
    if (count === 1) abort();
    else Deno.exit(130);
  };
  try {
    Deno.addSignalListener("SIGINT", handler);
  } catch {
    // Signals unsupported here (Windows without a console): nothing to undo.
    return { [Symbol.dispose]() {} };
  }
  return { [Symbol.dispose]: () => Deno.removeSignalListener("SIGINT", handler) };
}
