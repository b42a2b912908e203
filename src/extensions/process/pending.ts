/**
 * Requests waiting for their reply, keyed by correlation id. The one place
 * a reply is matched to its request; every entry is settled exactly once
 * (reply, timeout, cancel, disconnect) and its timer and abort listener are
 * released with it.
 *
 * @module
 */

import { type ReplyFrame, RequestError } from "../channel.ts";

interface Entry {
  resolve(frame: ReplyFrame): void;
  reject(error: RequestError): void;
  cleanup(): void;
}

export class PendingRequests {
  #entries = new Map<string, Entry>();

  get size(): number {
    return this.#entries.size;
  }

  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /**
   * Register `id` and get the promise of its reply. The timeout and signal
   * reject it; `onGiveUp` runs when they do (to withdraw or tear down the
   * write).
   */
  add(
    id: string,
    options: { timeoutMs?: number; signal?: AbortSignal; what: string },
    onGiveUp: (kind: "timeout" | "cancelled") => void,
  ): Promise<ReplyFrame> {
    const { promise, resolve, reject } = Promise.withResolvers<ReplyFrame>();
    // After `abandon` nobody may be awaiting; a rejection must not go unhandled.
    promise.catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      if (this.#settle(id)?.reject(new RequestError("cancelled", `${options.what} cancelled`))) {
        onGiveUp("cancelled");
      }
    };
    const entry: Entry = {
      resolve,
      reject,
      cleanup() {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
      },
    };
    this.#entries.set(id, entry);
    if (options.timeoutMs !== undefined) {
      const ms = options.timeoutMs;
      timer = setTimeout(() => {
        const message = `timeout waiting for ${options.what} after ${ms} ms`;
        if (this.#settle(id)?.reject(new RequestError("timeout", message))) onGiveUp("timeout");
      }, ms);
    }
    options.signal?.addEventListener("abort", onAbort, { once: true });
    return promise;
  }

  /** Deliver a reply; false when no request waits for that id (a late reply). */
  resolve(frame: ReplyFrame): boolean {
    const settle = this.#settle(frame.id);
    if (!settle) return false;
    settle.resolve(frame);
    return true;
  }

  /** Fail one request (e.g. its write failed). */
  reject(id: string, error: RequestError): boolean {
    return this.#settle(id)?.reject(error) ?? false;
  }

  /** Forget a request without settling it further than a rejection nobody awaits. */
  forget(id: string): void {
    this.#settle(id)?.reject(new RequestError("cancelled", "abandoned"));
  }

  /** Fail every request (the extension disconnected). */
  rejectAll(error: RequestError): void {
    for (const id of [...this.#entries.keys()]) this.reject(id, error);
  }

  #settle(
    id: string,
  ): { resolve(f: ReplyFrame): boolean; reject(e: RequestError): boolean } | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    this.#entries.delete(id);
    entry.cleanup();
    return {
      resolve: (f) => (entry.resolve(f), true),
      reject: (e) => (entry.reject(e), true),
    };
  }
}
