/**
 * Bounded waits: a timer that can be cancelled, and whether a promise settles in time. No timer
 * outlives its wait.
 *
 * @module
 */

/** A timer promise that can be cancelled so no timer outlives its wait. */
export function delay(ms: number): { promise: Promise<void>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
    timer = setTimeout(r, Math.max(0, ms));
  });
  return {
    promise,
    cancel() {
      clearTimeout(timer);
      resolve();
    },
  };
}

/** Resolves true when `promise` settles within `ms`, false otherwise. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timer = delay(ms);
  try {
    return await Promise.race([
      promise.then(() => true, () => true),
      timer.promise.then(() => false),
    ]);
  } finally {
    timer.cancel();
  }
}
