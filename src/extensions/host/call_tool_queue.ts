/**
 * Pacing for `call_tool` requests. Each running request sends frames to
 * every guard and observer (a `tool_call` event, an intercept,
 * `permission_decision`, `tool_result`, each carrying the args) and one reply
 * to the caller. Running requests of all extensions share one
 * {@linkcode CallToolBudget}: at most {@linkcode CALL_TOOL_MAX_RUNNING} at
 * once and {@linkcode CALL_TOOL_MAX_RUNNING_BYTES} of args (a larger request
 * runs alone), so what they send between two pacing waits fits in the half
 * of a guard's queue that pacing keeps free. Each extension's requests wait
 * in arrival order and leave one at a time, each after the caller has read
 * what it was already sent, so neither a burst of requests nor their
 * cancellation all at once can flood a queue.
 *
 * @module
 */

import {
  CALL_TOOL_MAX_QUEUED,
  CALL_TOOL_MAX_RUNNING,
  CALL_TOOL_MAX_RUNNING_BYTES,
} from "../../protocol/limits.ts";

/** What the running requests of all extensions may take at once. */
export class CallToolBudget {
  readonly #maxRunning: number;
  readonly #maxBytes: number;
  #running = 0;
  #bytes = 0;
  readonly #waiters = new Set<() => void>();

  constructor(maxRunning = CALL_TOOL_MAX_RUNNING, maxBytes = CALL_TOOL_MAX_RUNNING_BYTES) {
    this.#maxRunning = maxRunning;
    this.#maxBytes = maxBytes;
  }

  /** Whether a request with `bytes` of args may start now (one always may when none runs). */
  fits(bytes: number): boolean {
    if (this.#running === 0) return true;
    return this.#running < this.#maxRunning && this.#bytes + bytes <= this.#maxBytes;
  }

  take(bytes: number): void {
    this.#running++;
    this.#bytes += bytes;
  }

  give(bytes: number): void {
    this.#running--;
    this.#bytes -= bytes;
    for (const wake of [...this.#waiters]) wake();
  }

  /** Call `wake` whenever a running request ends; returns the way to stop. */
  listen(wake: () => void): () => void {
    this.#waiters.add(wake);
    return () => this.#waiters.delete(wake);
  }
}

export interface QueuedCall {
  /** Aborted (cancel, deadline, parent): answered without running. */
  readonly signal: AbortSignal;
  /** Size of the args (they travel in every frame the call sends). */
  readonly bytes: number;
  /** Runs the call; settles when the tool returns. */
  run(): Promise<void>;
  /** Answers a call that was aborted before it ran. */
  cancelled(): void;
}

/** A call waiting to run, or a reply waiting to be sent (`call` unset). */
interface Item {
  call?: QueuedCall;
  answer(): void;
}

/**
 * One extension's `call_tool` requests and the replies owed to it, in
 * arrival order. Replies (refusals, cancelled calls) leave as soon as the
 * caller can take them; calls when the budget has room.
 */
export class CallToolQueue {
  readonly #paced: () => Promise<void>;
  readonly #budget: CallToolBudget;
  readonly #maxQueued: number;
  #waiting: Item[] = [];
  #draining = false;
  #unlisten: (() => void) | undefined;

  /** `paced` waits until the caller can take more frames (its channel's pacing). */
  constructor(
    paced: () => Promise<void>,
    budget: CallToolBudget,
    maxQueued = CALL_TOOL_MAX_QUEUED,
  ) {
    this.#paced = paced;
    this.#budget = budget;
    this.#maxQueued = maxQueued;
  }

  /** True when another request would exceed the waiting bound (refuse it). */
  get full(): boolean {
    return this.#waiting.length >= this.#maxQueued;
  }

  submit(call: QueuedCall): void {
    this.#waiting.push({ call, answer: () => call.cancelled() });
    // Another extension's request ending may free the budget this one waits for.
    this.#unlisten ??= this.#budget.listen(() => void this.#drain());
    call.signal.addEventListener("abort", () => void this.#drain(), { once: true });
    void this.#drain();
  }

  /**
   * Send a reply (a refusal) in turn: a burst of refused requests is answered
   * one frame at a time as the caller reads, never all at once.
   */
  reply(send: () => void): void {
    this.#waiting.push({ answer: send });
    void this.#drain();
  }

  /** The next item that may leave: a reply or an aborted call, else the head call when it fits. */
  #next(): number {
    const now = this.#waiting.findIndex((i) => !i.call || i.call.signal.aborted);
    if (now !== -1) return now;
    const head = this.#waiting[0]?.call;
    return head && this.#budget.fits(head.bytes) ? 0 : -1;
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#next() !== -1) {
        await this.#paced();
        const at = this.#next();
        if (at === -1) break;
        const [item] = this.#waiting.splice(at, 1);
        const call = item.call;
        if (!call || call.signal.aborted) {
          item.answer();
          continue;
        }
        this.#budget.take(call.bytes);
        call.run().finally(() => this.#budget.give(call.bytes));
      }
    } finally {
      this.#draining = false;
      if (this.#waiting.length === 0) {
        this.#unlisten?.();
        this.#unlisten = undefined;
      }
    }
  }
}
