/**
 * Retries for one model request: 429, 5xx, overloads and network errors are
 * retried with exponential backoff and jitter (honouring `retry-after`), but
 * only while nothing has been streamed yet, so the caller never sees a
 * reply restart halfway. Each wait is announced with a `retry` event.
 *
 * @module
 */

import type { ProviderFailure } from "./errors.ts";
import type { StreamEvent } from "./types.ts";

/** Waits `ms`, rejecting early when `signal` aborts. */
export type DelayFn = (ms: number, signal: AbortSignal) => Promise<void>;

export interface RetryOptions {
  /** Total attempts including the first (default 4). */
  maxAttempts?: number;
  /** First backoff (default 1000 ms); doubles per attempt. */
  baseDelayMs?: number;
  /** Backoff cap (default 30 s). */
  maxDelayMs?: number;
  /** A server asking for a longer wait than this (default 60 s) is not retried. */
  maxRetryAfterMs?: number;
  /** Injectable wait; tests pass a tiny base delay instead of replacing it. */
  delay?: DelayFn;
  /** Jitter source in [0, 1). */
  random?: () => number;
}

/** setTimeout-based wait that stops early on abort. */
export const abortableDelay: DelayFn = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

/** Backoff before retry number `retry` (1-based): exponential, half jittered. */
export function backoffMs(retry: number, options: RetryOptions = {}): number {
  const base = options.baseDelayMs ?? 1000;
  const cap = options.maxDelayMs ?? 30_000;
  const full = Math.min(cap, base * 2 ** (retry - 1));
  const random = options.random ?? Math.random;
  return Math.round(full / 2 + random() * (full / 2));
}

/**
 * Run `attempt` until it completes, retrying failures `classify` marks
 * retryable. `attempt` yields events and throws on failure; the result
 * always ends with `done` (from `attempt`) or an `error` event.
 */
export async function* withRetries(
  attempt: () => AsyncIterable<StreamEvent>,
  classify: (e: unknown) => ProviderFailure,
  signal: AbortSignal,
  options: RetryOptions = {},
): AsyncGenerator<StreamEvent> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const delay = options.delay ?? abortableDelay;
  for (let n = 1;; n++) {
    let streamed = false;
    try {
      for await (const event of attempt()) {
        streamed = true;
        yield event;
      }
      return;
    } catch (e) {
      const failure = classify(e);
      if (failure.aborted) {
        yield { type: "error", message: failure.message, aborted: true };
        return;
      }
      const wait = Math.max(backoffMs(n, options), failure.retryAfterMs ?? 0);
      const tooLong = wait > (options.maxRetryAfterMs ?? 60_000);
      if (!failure.retryable || streamed || n >= maxAttempts || tooLong) {
        const why = failure.retryable && tooLong && !streamed && n < maxAttempts
          ? ` (not retried: the server asked to wait ${Math.ceil(wait / 1000)} s)`
          : "";
        yield { type: "error", message: failure.message + why, status: failure.status };
        return;
      }
      yield { type: "retry", attempt: n, delayMs: wait, error: failure.message };
      try {
        await delay(wait, signal);
      } catch {
        yield { type: "error", message: "Request aborted", aborted: true };
        return;
      }
    }
  }
}
