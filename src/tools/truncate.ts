/**
 * Output limits. Models pay for every byte of a tool result and lose the
 * thread in huge ones, so results are capped; the marker says what was cut
 * and how to get the rest.
 *
 * @module
 */

/** Lines shown at most by `read` per call and by `bash` per result. */
export const MAX_LINES = 2000;
/** Bytes shown at most per result. */
export const MAX_BYTES = 50 * 1024;

/** `1.5 KiB`, `3.75 MiB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${Number((n / 1024 / 1024).toFixed(2))} MiB`;
}

function countNewlines(bytes: Uint8Array): number {
  // indexOf runs natively; a per-byte JS loop costs seconds on large outputs.
  let n = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) n++;
  return n;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Keeps the first and last bytes of a stream in bounded memory (a command
 * can print gigabytes), counting what falls in between.
 */
export class HeadTailBuffer {
  #head: Uint8Array[] = [];
  #headLen = 0;
  #tail: Uint8Array[] = [];
  #tailLen = 0;
  #total = 0;
  #lines = 0;

  constructor(readonly headLimit = MAX_BYTES / 2, readonly tailLimit = MAX_BYTES / 2) {}

  get totalBytes(): number {
    return this.#total;
  }

  push(chunk: Uint8Array): void {
    this.#total += chunk.length;
    this.#lines += countNewlines(chunk);
    const room = this.headLimit - this.#headLen;
    if (room > 0) {
      const part = chunk.subarray(0, room);
      this.#head.push(part.slice());
      this.#headLen += part.length;
      chunk = chunk.subarray(room);
    }
    if (chunk.length === 0) return;
    this.#tail.push(chunk.slice());
    this.#tailLen += chunk.length;
    while (this.#tail.length > 1 && this.#tailLen - this.#tail[0].length >= this.tailLimit) {
      this.#tailLen -= this.#tail.shift()!.length;
    }
  }

  /** The kept text, with a marker in the middle when anything was dropped. */
  text(maxLines = MAX_LINES): string {
    const decoder = new TextDecoder();
    let tailBytes = concat(this.#tail);
    if (tailBytes.length > this.tailLimit) tailBytes = tailBytes.subarray(-this.tailLimit);
    const headBytes = concat(this.#head);
    if (headBytes.length + tailBytes.length === this.#total) {
      return truncateMiddle(decoder.decode(concat([headBytes, tailBytes])), maxLines);
    }
    // Cut at line boundaries so neither side shows half a line.
    const head = decoder.decode(headBytes);
    const tail = decoder.decode(tailBytes);
    const headText = head.includes("\n") ? head.slice(0, head.lastIndexOf("\n") + 1) : head;
    const tailText = tail.includes("\n") ? tail.slice(tail.indexOf("\n") + 1) : tail;
    const shown = newlines(headText) + newlines(tailText);
    const omitted = {
      lines: Math.max(1, this.#lines - shown),
      bytes: this.#total - byteLength(headText) - byteLength(tailText),
    };
    return joinHeadTail(splitLines(headText), splitLines(tailText), omitted, maxLines);
  }
}

function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

function newlines(s: string): number {
  return s.split("\n").length - 1;
}

/** Lines of `s` without the empty string after a final newline. */
function splitLines(s: string): string[] {
  if (s === "") return [];
  const lines = s.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Keep the first and last lines of `text` within `maxLines`, marker in between. */
export function truncateMiddle(text: string, maxLines = MAX_LINES): string {
  const lines = splitLines(text);
  if (lines.length <= maxLines) return text;
  const half = Math.floor(maxLines / 2);
  const cut = lines.slice(half, lines.length - half);
  const omitted = { lines: cut.length, bytes: byteLength(cut.join("\n")) + 1 };
  const joined = joinHeadTail(lines.slice(0, half), lines.slice(-half), omitted, maxLines);
  return text.endsWith("\n") ? `${joined}\n` : joined;
}

interface Omitted {
  lines: number;
  bytes: number;
}

function joinHeadTail(head: string[], tail: string[], omitted: Omitted, maxLines: number): string {
  const half = Math.floor(maxLines / 2);
  if (head.length > half) {
    const cut = head.splice(half);
    omitted = add(omitted, cut);
  }
  if (tail.length > half) {
    const cut = tail.splice(0, tail.length - half);
    omitted = add(omitted, cut);
  }
  const marker = `[... ${omitted.lines} lines (${
    formatBytes(omitted.bytes)
  }) omitted: showing the first and last lines; redirect the output to a file and read it in parts to see everything ...]`;
  return [...head, marker, ...tail].join("\n");
}

function add(omitted: Omitted, cut: string[]): Omitted {
  return {
    lines: omitted.lines + cut.length,
    bytes: omitted.bytes + cut.reduce((n, l) => n + byteLength(l) + 1, 0),
  };
}
