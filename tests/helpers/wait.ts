/**
 * Bounded waits for tests: await the event, never sleep.
 *
 * @module
 */

/** Resolve with `promise`, or reject after `ms` naming what was awaited. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The test's own bound on an operation whose timeout is under test: if that
 * timeout is broken the test fails here, saying what should have happened,
 * instead of hanging the whole run. `ms` is generous (many times the
 * timeout under test) so a slow machine never trips it.
 */
export function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No result within ${ms} ms (the test's own bound): ${what}`)),
      ms,
    );
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/** A promise with its resolvers exposed. */
export function deferred<T = void>(): PromiseWithResolvers<T> {
  return Promise.withResolvers<T>();
}

/**
 * Poll a condition on the event loop until it holds (for state only
 * observable by polling, like a process list), bounded by `ms`.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
