/**
 * Lines from an extension's stdout, one at a time, with the protocol's
 * 4 MiB cap (the shared {@linkcode LineSplitter} of src/protocol/framing.ts).
 * The handshake takes the first line and the read loop the rest from the
 * same reader. Deliberately a plain pull loop rather than an async
 * generator over a stream: this is the per-message hot path.
 *
 * @module
 */

import { type LineItem, LineSplitter } from "../../protocol/framing.ts";

export class LineReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #splitter: LineSplitter;
  #items: LineItem[] = [];
  #at = 0;
  #ended = false;

  constructor(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes?: number) {
    this.#reader = reader;
    this.#splitter = new LineSplitter(maxBytes);
  }

  /** The next line or oversize marker; undefined at EOF or after an oversize line. */
  async next(): Promise<LineItem | undefined> {
    while (this.#at >= this.#items.length) {
      if (this.#ended) return undefined;
      const { value, done } = await this.#reader.read();
      if (done) {
        this.#ended = true;
        this.#items = this.#splitter.end();
      } else {
        this.#items = this.#splitter.push(value);
      }
      this.#at = 0;
    }
    const item = this.#items[this.#at++];
    if (item.kind === "oversize") {
      // Nothing after an oversize line can be framed reliably.
      this.#ended = true;
      this.#items = [];
      this.#at = 0;
    }
    return item;
  }
}
