/**
 * One ordered writer per extension. Every host → extension frame goes
 * through this FIFO so notifications and requests reach the extension in
 * the order they were produced. The queue is bounded (frames and bytes,
 * plus the one being written): a peer that stops reading is disconnected
 * instead of having frames silently dropped or memory grow without bound.
 *
 * The host's own producers never reach that bound with a peer that reads:
 * they wait for {@linkcode OutboundQueue.room} (the queue below half its
 * bound) between the frames of a burst, so the other half is headroom for
 * the few frames produced synchronously after the wait. Overflow is left for
 * a peer that stopped reading.
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";
import { OUTBOUND_MAX_BYTES, OUTBOUND_MAX_FRAMES } from "../../protocol/limits.ts";

/** One frame in the queue. `written` settles when it is on the pipe (or failed). */
export interface QueuedFrame {
  readonly bytes: Uint8Array;
  state: "queued" | "writing" | "written" | "failed";
  readonly written: Promise<void>;
}

interface Entry extends QueuedFrame {
  resolve(): void;
  reject(e: Error): void;
}

export interface OutboundLimits {
  maxFrames: number;
  maxBytes: number;
}

export class OutboundQueue {
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #onFailure: (reason: string) => void;
  readonly #limits: OutboundLimits;
  #queue: Entry[] = [];
  #head = 0;
  #queuedBytes = 0;
  #inFlight: Entry | undefined;
  #inFlightWrite: Promise<void> = Promise.resolve();
  #pumping = false;
  #closed = false;
  #released = false;
  /** Writes completed so far: how a waiting producer tells a slow peer from a deaf one. */
  #written = 0;
  #roomWaiters: { empty: boolean; resolve: () => void }[] = [];

  /** `onFailure` is told once when the queue overflows or a write fails. */
  constructor(
    stdin: WritableStream<Uint8Array>,
    onFailure: (reason: string) => void,
    limits: OutboundLimits = { maxFrames: OUTBOUND_MAX_FRAMES, maxBytes: OUTBOUND_MAX_BYTES },
  ) {
    this.#writer = stdin.getWriter();
    this.#onFailure = onFailure;
    this.#limits = limits;
  }

  get isClosed(): boolean {
    return this.#closed;
  }

  /** Completed writes (progress), counted from the start. */
  get writtenCount(): number {
    return this.#written;
  }

  /**
   * True while the queue is below half its bounds (frames and bytes): a
   * producer may add a burst of frames without risking an overflow.
   */
  get hasRoom(): boolean {
    if (this.#closed) return true;
    const waiting = this.#queue.length - this.#head;
    return waiting < this.#limits.maxFrames / 2 && this.#queuedBytes < this.#limits.maxBytes / 2;
  }

  /** True when nothing waits behind the frame being written (or the queue closed). */
  get isEmpty(): boolean {
    return this.#closed || this.#queue.length === this.#head;
  }

  /**
   * Resolves once {@linkcode OutboundQueue.hasRoom} (with `empty`: once
   * {@linkcode OutboundQueue.isEmpty}), or the queue closed. Unbounded: callers bound it.
   */
  room(empty = false): Promise<void> {
    if (empty ? this.isEmpty : this.hasRoom) return Promise.resolve();
    const { promise, resolve } = Promise.withResolvers<void>();
    this.#roomWaiters.push({ empty, resolve });
    return promise;
  }

  #wakeRoomWaiters(): void {
    if (this.#roomWaiters.length === 0 || !this.hasRoom) return;
    const empty = this.isEmpty;
    const waiters = this.#roomWaiters;
    this.#roomWaiters = waiters.filter((w) => w.empty && !empty);
    for (const w of waiters) if (!w.empty || empty) w.resolve();
  }

  /** True while a frame is partly on the pipe. */
  get writing(): boolean {
    return this.#inFlight !== undefined;
  }

  /** Queue a frame; undefined when closed or when it would overflow (which closes). */
  enqueue(bytes: Uint8Array): QueuedFrame | undefined {
    if (this.#closed) return undefined;
    const waiting = this.#queue.length - this.#head;
    const overBytes = waiting > 0 && this.#queuedBytes + bytes.length > this.#limits.maxBytes;
    if (waiting >= this.#limits.maxFrames || overBytes) {
      this.#fail("outbound queue overflow");
      return undefined;
    }
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    // Callers that only enqueue never look at `written`; keep it from being unhandled.
    promise.catch(() => {});
    const entry: Entry = { bytes, state: "queued", written: promise, resolve, reject };
    this.#queue.push(entry);
    this.#queuedBytes += bytes.length;
    if (!this.#pumping) void this.#pump();
    return entry;
  }

  /** Take back a frame that is still queued; false once writing has started. */
  withdraw(frame: QueuedFrame): boolean {
    if (frame.state !== "queued") return false;
    const at = this.#queue.indexOf(frame as Entry, this.#head);
    if (at === -1) return false;
    this.#queue.splice(at, 1);
    this.#queuedBytes -= frame.bytes.length;
    this.#wakeRoomWaiters();
    const entry = frame as Entry;
    entry.state = "failed";
    entry.reject(new Error("withdrawn"));
    return true;
  }

  /**
   * Stop accepting frames and fail the queued ones. The frame being written
   * (if any) cannot be withdrawn: its write settles when the process dies.
   */
  close(reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    const error = new Error(reason);
    for (let i = this.#head; i < this.#queue.length; i++) {
      const entry = this.#queue[i];
      entry.state = "failed";
      entry.reject(error);
    }
    this.#queue = [];
    this.#head = 0;
    this.#queuedBytes = 0;
    this.#wakeRoomWaiters();
    if (this.#inFlight) {
      this.#inFlight.state = "failed";
      this.#inFlight.reject(error);
    }
  }

  /**
   * Close the extension's stdin (EOF). A frame partly on the pipe must finish
   * first (EOF inside a frame would tear it), and it may never finish, so the
   * caller does not wait for it: stdin closes as soon as that write ends, and
   * an extension that reads again sees EOF and can exit on its own. A write
   * that fails instead leaves the pipe to {@linkcode OutboundQueue.release}.
   */
  async closeInput(reason: string): Promise<void> {
    this.close(reason);
    if (this.#inFlight) {
      void this.#inFlightWrite.then(() => this.#closeWriter(), () => {});
      return;
    }
    await this.#closeWriter();
  }

  async #closeWriter(): Promise<void> {
    if (this.#released) return;
    this.#released = true;
    await this.#writer.close().catch(() => {});
  }

  /** After the process is gone: wait out any blocked write and free the pipe. */
  async release(): Promise<void> {
    this.close("closed");
    await this.#inFlightWrite.catch(() => {});
    if (this.#released) return;
    this.#released = true;
    await this.#writer.abort().catch(() => {});
  }

  async #pump(): Promise<void> {
    this.#pumping = true;
    while (!this.#closed && this.#head < this.#queue.length) {
      const entry = this.#queue[this.#head++];
      if (this.#head > 64 && this.#head * 2 > this.#queue.length) {
        this.#queue = this.#queue.slice(this.#head);
        this.#head = 0;
      }
      this.#queuedBytes -= entry.bytes.length;
      this.#wakeRoomWaiters();
      entry.state = "writing";
      this.#inFlight = entry;
      this.#inFlightWrite = this.#writer.write(entry.bytes);
      try {
        await this.#inFlightWrite;
        this.#written++;
        if (entry.state === "writing") {
          entry.state = "written";
          entry.resolve();
        }
      } catch (e) {
        if (entry.state === "writing") {
          entry.state = "failed";
          entry.reject(e instanceof Error ? e : new Error(String(e)));
        }
        this.#inFlight = undefined;
        this.#fail(`write: ${errorMessage(e)}`);
        break;
      }
      this.#inFlight = undefined;
    }
    this.#pumping = false;
  }

  #fail(reason: string): void {
    if (this.#closed) return;
    this.close(reason);
    this.#onFailure(reason);
  }
}
