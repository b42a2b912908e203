/**
 * NDJSON line framing with a size limit. Splits on LF only, tolerates CRLF,
 * yields a last line without LF at end of input, and reports an oversize
 * line instead of buffering without bound.
 *
 * @module
 */

import { MAX_FRAME_BYTES } from "./limits.ts";

/** One item read from a stream: a complete line, or the end of reading. */
export type LineItem =
  | { kind: "line"; line: string }
  | { kind: "oversize"; bytes: number };

const LF = 0x0a;
const CR = 0x0d;

/**
 * Incremental splitter. Feed chunks with {@linkcode LineSplitter.push}; it
 * returns the complete lines. After an oversize line it stays failed.
 */
export class LineSplitter {
  #parts: Uint8Array[] = [];
  #buffered = 0;
  #decoder = new TextDecoder();
  #failed = false;
  readonly maxBytes: number;

  constructor(maxBytes: number = MAX_FRAME_BYTES) {
    this.maxBytes = maxBytes;
  }

  /** Feed a chunk; returns the items it completed. */
  push(chunk: Uint8Array): LineItem[] {
    const out: LineItem[] = [];
    if (this.#failed) return out;
    let start = 0;
    while (start < chunk.length) {
      const lf = chunk.indexOf(LF, start);
      if (lf === -1) {
        const rest = chunk.subarray(start);
        this.#buffered += rest.length;
        if (this.#buffered > this.maxBytes) {
          this.#failed = true;
          out.push({ kind: "oversize", bytes: this.#buffered });
          return out;
        }
        this.#parts.push(rest.slice());
        break;
      }
      const piece = chunk.subarray(start, lf);
      if (this.#buffered + piece.length > this.maxBytes) {
        this.#failed = true;
        out.push({ kind: "oversize", bytes: this.#buffered + piece.length });
        return out;
      }
      out.push({ kind: "line", line: this.#take(piece) });
      start = lf + 1;
    }
    return out;
  }

  /** End of input: a last line without LF, if any. */
  end(): LineItem[] {
    if (this.#failed || this.#buffered === 0) return [];
    return [{ kind: "line", line: this.#take(new Uint8Array(0)) }];
  }

  #take(tail: Uint8Array): string {
    let bytes: Uint8Array;
    if (this.#parts.length === 0) {
      bytes = tail;
    } else {
      bytes = new Uint8Array(this.#buffered + tail.length);
      let at = 0;
      for (const p of this.#parts) {
        bytes.set(p, at);
        at += p.length;
      }
      bytes.set(tail, at);
      this.#parts = [];
    }
    this.#buffered = 0;
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end--;
    return this.#decoder.decode(bytes.subarray(0, end));
  }
}

/** Read NDJSON lines from a byte stream; stops after an oversize line. */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number = MAX_FRAME_BYTES,
): AsyncGenerator<LineItem> {
  const splitter = new LineSplitter(maxBytes);
  const reader = stream.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const item of splitter.push(value)) {
        yield item;
        if (item.kind === "oversize") return;
      }
    }
    yield* splitter.end();
  } finally {
    reader.releaseLock();
  }
}

const encoder = new TextEncoder();

/** Encode one frame as a line. `JSON.stringify` escapes nothing that breaks LF framing. */
export function encodeFrame(frame: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(frame) + "\n");
}
