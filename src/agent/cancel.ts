/**
 * One AbortController per run, linked to an outer signal (SIGINT handler,
 * RPC abort, a caller's deadline) and detached afterwards so listeners
 * never pile up on a long-lived signal; and a bounded wait for work that
 * may not end when asked to.
 *
 * @module
 */

export interface LinkedController extends AbortController {
  dispose(): void;
}

export function linkedController(outer?: AbortSignal): LinkedController {
  const controller = new AbortController() as LinkedController;
  if (!outer) {
    controller.dispose = () => {};
    return controller;
  }
  if (outer.aborted) controller.abort(outer.reason);
  const onAbort = () => controller.abort(outer.reason);
  outer.addEventListener("abort", onAbort, { once: true });
  controller.dispose = () => outer.removeEventListener("abort", onAbort);
  return controller;
}

/** Resolves when `work` settles (either way) or after `ms`, whichever is first. */
export async function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => timer = setTimeout(resolve, ms));
  await Promise.race([work.then(() => {}, () => {}), limit]);
  clearTimeout(timer);
}
