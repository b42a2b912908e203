/**
 * What happens to each line an extension writes after hello: validated
 * once, garbage counted and logged (reading goes on), replies matched to
 * their pending request, `ready` noted, everything else handed to the
 * manager in order, held back until it has set its listener (up to
 * EARLY_FRAMES_MAX_BYTES: an extension writing before zot listens cannot make
 * it hold more).
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";
import type { ExtToHostFrame } from "../../protocol/frames.ts";
import { parseExtToHost } from "../../protocol/validate.ts";
import type { FrameCounters } from "../channel.ts";
import type { PendingRequests } from "./pending.ts";
import type { ReadyTracker } from "./ready.ts";

/**
 * Frames an extension sent before zot listened to it (it starts before its host exists) are held
 * up to this many bytes; the rest are dropped, said in its log.
 */
export const EARLY_FRAMES_MAX_BYTES = 16 * 1024 * 1024;

export class InboundFrames {
  readonly counters: FrameCounters = { malformed: 0, invalid: 0, unknownType: 0, lateReplies: 0 };
  readonly #pending: PendingRequests;
  readonly #ready: ReadyTracker;
  readonly #log: (message: string) => void;
  #listener: ((frame: ExtToHostFrame) => void) | undefined;
  #early: ExtToHostFrame[] = [];
  #earlyBytes = 0;
  #earlyDropped = 0;

  constructor(pending: PendingRequests, ready: ReadyTracker, log: (message: string) => void) {
    this.#pending = pending;
    this.#ready = ready;
    this.#log = log;
  }

  /** Set the manager's listener and replay what arrived before it. */
  setListener(listener: (frame: ExtToHostFrame) => void): void {
    this.#listener = listener;
    const early = this.#early;
    this.#early = [];
    this.#earlyBytes = 0;
    if (this.#earlyDropped > 0) {
      this.#log(
        `${this.#earlyDropped} frames sent before zot listened were dropped: more than ` +
          `${EARLY_FRAMES_MAX_BYTES} bytes of them`,
      );
    }
    for (const frame of early) this.#deliver(frame);
  }

  line(line: string): void {
    this.#ready.frameSeen();
    const parsed = parseExtToHost(line);
    if (!parsed.ok) {
      if (parsed.kind === "malformed") this.counters.malformed++;
      else if (parsed.kind === "invalid") this.counters.invalid++;
      else this.counters.unknownType++;
      this.#log(parsed.error);
      return;
    }
    const frame = parsed.frame;
    if (!this.#listener) {
      this.#earlyBytes += line.length;
      if (this.#earlyBytes > EARLY_FRAMES_MAX_BYTES) {
        this.#earlyDropped++;
        return;
      }
    }
    switch (frame.type) {
      case "tool_result":
      case "command_response":
      case "event_intercept_response":
        if (this.#pending.resolve(frame)) return;
        // Late or unknown: the manager ignores it, doctor shows the count.
        this.counters.lateReplies++;
        break;
      case "ready":
        this.#ready.markReady();
        break;
    }
    this.#deliver(frame);
  }

  #deliver(frame: ExtToHostFrame): void {
    const listener = this.#listener;
    if (!listener) {
      this.#early.push(frame);
      return;
    }
    try {
      listener(frame);
    } catch (e) {
      // The manager's bug must not stop this extension's read loop.
      this.#log(`frame listener failed on "${frame.type}": ${errorMessage(e)}`);
    }
  }
}
