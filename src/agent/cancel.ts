/**
 * One AbortController per run, linked to an outer signal (SIGINT handler,
 * RPC abort, a caller's deadline) and detached afterwards so listeners
 * never pile up on a long-lived signal.
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
