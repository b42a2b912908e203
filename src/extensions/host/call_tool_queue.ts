/**
 * Pacing for one extension's `call_tool` requests. Each running request
 * sends frames to every guard and observer (a `tool_call` event, an
 * intercept, `permission_decision`, `tool_result`) and one reply to the
 * caller; so at most {@linkcode CALL_TOOL_MAX_RUNNING} run at once and the
 * rest wait in arrival order. Requests leave the queue one at a time, each
 * after the caller has read what it was already sent, so neither a burst of
 * requests nor their cancellation all at once can flood a queue.
 *
 * @module
 */

import { CALL_TOOL_MAX_QUEUED, CALL_TOOL_MAX_RUNNING } from "../../protocol/limits.ts";

export interface QueuedCall {
  /** Aborted (cancel, deadline, parent): answered without running. */
  readonly signal: AbortSignal;
  /** Runs the call; settles when the tool returns. */
  run(): Promise<void>;
  /** Answers a call that was aborted before it ran. */
  cancelled(): void;
}

export class CallToolQueue {
  readonly #paced: () => Promise<void>;
  readonly #maxRunning: number;
  readonly #maxQueued: number;
  #waiting: QueuedCall[] = [];
  #running = 0;
  #draining = false;

  /** `paced` waits until the caller can take more frames (its channel's pacing). */
  constructor(
    paced: () => Promise<void>,
    limits = { running: CALL_TOOL_MAX_RUNNING, queued: CALL_TOOL_MAX_QUEUED },
  ) {
    this.#paced = paced;
    this.#maxRunning = limits.running;
    this.#maxQueued = limits.queued;
  }

  /** True when another request would exceed the waiting bound (refuse it). */
  get full(): boolean {
    return this.#waiting.length >= this.#maxQueued;
  }

  get running(): number {
    return this.#running;
  }

  submit(call: QueuedCall): void {
    this.#waiting.push(call);
    call.signal.addEventListener("abort", () => void this.#drain(), { once: true });
    void this.#drain();
  }

  /** The next call that may leave: the first aborted one, else the head when a slot is free. */
  #next(): number {
    const aborted = this.#waiting.findIndex((c) => c.signal.aborted);
    if (aborted !== -1) return aborted;
    return this.#waiting.length > 0 && this.#running < this.#maxRunning ? 0 : -1;
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#next() !== -1) {
        await this.#paced();
        const at = this.#next();
        if (at === -1) break;
        const [call] = this.#waiting.splice(at, 1);
        if (call.signal.aborted) {
          call.cancelled();
          continue;
        }
        this.#running++;
        call.run().finally(() => {
          this.#running--;
          void this.#drain();
        });
      }
    } finally {
      this.#draining = false;
    }
  }
}
