/**
 * Ready tracking. The `ready` frame is the protocol's signal; the idle
 * watchdog is only the compatibility shim for phase-1 extensions that never
 * send it: a full AUTO_READY_IDLE_MS window without any frame means ready.
 * An extension that keeps talking without `ready` is left to the manager's
 * shared grace (`forceReady`).
 *
 * @module
 */

import type { ReadyState } from "../channel.ts";
import { AUTO_READY_IDLE_MS } from "../../protocol/limits.ts";

export class ReadyTracker {
  #state: ReadyState = "pending";
  #frames = 0;
  #seenAtLastCheck = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #done = Promise.withResolvers<void>();
  readonly #log: (message: string) => void;

  constructor(log: (message: string) => void) {
    this.#log = log;
  }

  get state(): ReadyState {
    return this.#state;
  }

  get ready(): Promise<void> {
    return this.#done.promise;
  }

  /** Start the idle watchdog; the baseline is "no frame since the handshake". */
  start(idleMs: number = AUTO_READY_IDLE_MS): void {
    if (this.#state !== "pending" || this.#timer !== undefined) return;
    this.#seenAtLastCheck = this.#frames;
    this.#timer = setInterval(() => this.#check(), idleMs);
  }

  /** Any frame after hello (the watchdog only cares that one arrived). */
  frameSeen(): void {
    this.#frames++;
  }

  /** The `ready` frame (idempotent). */
  markReady(): void {
    this.#finish("ready");
  }

  /** The manager's shared grace expired. */
  force(): void {
    if (this.#state !== "pending") return;
    this.#log("timed out waiting for ready frame; proceeding");
    this.#finish("ready-timeout");
  }

  /** The channel closed: nothing will become ready, stop waiting. */
  close(): void {
    this.#stopTimer();
    this.#done.resolve();
  }

  #check(): void {
    if (this.#frames !== this.#seenAtLastCheck) {
      this.#seenAtLastCheck = this.#frames;
      return;
    }
    this.#log("no ready frame; auto-readying after idle (legacy SDK?)");
    this.#finish("auto-ready");
  }

  #finish(state: ReadyState): void {
    if (this.#state !== "pending") return;
    this.#state = state;
    this.#stopTimer();
    this.#done.resolve();
  }

  #stopTimer(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
