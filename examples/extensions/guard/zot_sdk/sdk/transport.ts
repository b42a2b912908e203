/**
 * Where frames come from and go to. The default is the process's stdin and
 * stdout; tests and embedders may pass their own streams.
 *
 * @module
 */

import { encodeFrame } from "../protocol/framing.ts";
import type { ExtToHostFrame } from "../protocol/frames.ts";

/** A byte stream in, a byte sink out. */
export interface Transport {
  /** The host's frames (normally stdin). */
  readable: ReadableStream<Uint8Array>;
  /** Where the extension's frames go (normally stdout). */
  writable: WritableStream<Uint8Array>;
}

/**
 * stdin/stdout of this process. Touches no permission-gated API, so it works
 * inside the sandbox worker (no env, no net, no run).
 */
export function stdioTransport(): Transport {
  return { readable: Deno.stdin.readable, writable: Deno.stdout.writable };
}

/**
 * stdout carries frames only: anything a handler prints with `console.log`,
 * `console.info` or `console.debug` goes to stderr (the extension's log).
 */
export function routeConsoleToStderr(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}

/** Serialises frames onto the transport, one line each, in call order. */
export class FrameWriter {
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #closed = false;
  #last: Promise<void> = Promise.resolve();
  #onError: (e: unknown) => void;

  constructor(writable: WritableStream<Uint8Array>, onError: (e: unknown) => void) {
    this.#writer = writable.getWriter();
    this.#onError = onError;
  }

  /** Queue a frame; write errors (host gone) are reported once, not thrown. */
  send(frame: ExtToHostFrame): void {
    if (this.#closed) return;
    this.#last = this.#writer.write(encodeFrame(frame)).catch((e) => {
      if (this.#closed) return;
      this.#closed = true;
      this.#onError(e);
    });
  }

  /** Wait for queued frames, then release the sink (stdout stays open). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#last;
    this.#writer.releaseLock();
  }
}
