/**
 * Assistant text rendered as markdown while it streams in.
 *
 * A token must not re-parse the whole answer, or a long answer gets slower
 * with every paragraph. So the text is cut into finished chunks at blank
 * lines where the next block cannot belong to the one before (a paragraph,
 * heading or fence starts there; not a list item, an indented line, a quote
 * or a table row, which may continue what came before). Each chunk is parsed
 * once; only the tail after the last cut is parsed again per token. Joined
 * with one blank line, the chunks render line for line as the whole text
 * would (a test checks it).
 *
 * @module
 */

import { type Component, Markdown, type MarkdownTheme } from "@mariozechner/pi-tui";
import { sanitize } from "../ansi.ts";
import type { Paint } from "../theme.ts";
import { LineCache, type Watched } from "./lines.ts";

const FENCE = /^\s*(```|~~~)/;
// Blocks that start a new block after a blank line, whatever came before.
const PLAIN_START = /^[\p{L}#`"'(_]/u;

/**
 * Where streamed markdown can be cut: after the last blank line outside a
 * code fence. Everything before it is finished paragraphs.
 */
export function stableCut(text: string): number {
  let cut = 0;
  let inFence = false;
  let lineStart = 0;
  while (lineStart < text.length) {
    const end = text.indexOf("\n", lineStart);
    if (end === -1) break;
    const line = text.slice(lineStart, end);
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence && line.trim() === "" && lineStart > 0) cut = end + 1;
    lineStart = end + 1;
  }
  return cut;
}

/**
 * The positions after `from` (a line start outside any fence) where `text`
 * can be cut into independently rendered chunks: the start of a line that
 * follows a blank line outside a fence and starts a block of its own. A cut
 * is known once that line's first character has arrived.
 */
export function chunkCuts(text: string, from = 0): number[] {
  const cuts: number[] = [];
  let inFence = false;
  let content = false;
  let blank = false;
  let pos = from;
  while (pos < text.length) {
    const nl = text.indexOf("\n", pos);
    const complete = nl !== -1;
    const line = text.slice(pos, complete ? nl : text.length);
    if (inFence) {
      if (complete && FENCE.test(line)) inFence = false;
    } else if (line.trim() === "") {
      if (complete && content) blank = true;
    } else {
      if (blank && PLAIN_START.test(line)) cuts.push(pos);
      blank = false;
      content = true;
      if (complete && FENCE.test(line)) inFence = true;
    }
    if (!complete) break;
    pos = nl + 1;
  }
  return cuts;
}

export class AssistantBlock implements Component, Watched {
  #theme: MarkdownTheme;
  #paint: Paint;
  #text = "";
  /** Chunk i is the text between cuts i-1 (or 0) and i. */
  #cuts: number[] = [];
  #chunks: Markdown[] = [];
  #tail: Markdown;
  /** The chunks' lines at `#chunkWidth`, each after a blank line. */
  #chunkLines: string[] = [];
  #chunkCount = 0;
  #chunkWidth = -1;
  #cache = new LineCache(() => this.onChange?.());
  /** Told when the lines change (the transcript watching this block). */
  onChange: (() => void) | undefined;

  constructor(theme: MarkdownTheme, paint: Paint) {
    this.#theme = theme;
    this.#paint = paint;
    this.#tail = this.#markdown("");
  }

  get text(): string {
    return this.#text;
  }

  append(delta: string): void {
    this.#update(this.#text + sanitize(delta));
  }

  setText(raw: string): void {
    const text = sanitize(raw);
    const kept = this.#cuts.at(-1) ?? 0;
    if (text.slice(0, kept) !== this.#text.slice(0, kept)) this.#dropChunks();
    this.#update(text);
  }

  /**
   * Drops every cache (a theme change). The markdown components are rebuilt:
   * pi-tui's Markdown keeps the text colour it resolved first across its own
   * `invalidate`, so the old theme's colour would linger after inline styles.
   */
  invalidate(): void {
    this.#chunks = this.#cuts.map((cut, i) => this.#markdown(this.#chunkText(i, cut)));
    this.#tail = this.#markdown(this.#tailText());
    this.#chunkWidth = -1;
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    return this.#cache.get(width, () => {
      if (this.#chunks.length === 0 && this.#tailText() === "") return [];
      const chunks = this.#renderChunks(width);
      const tail = this.#tailText() === "" ? [] : this.#tail.render(width);
      if (tail.length === 0) return chunks.slice();
      return chunks.concat(chunks.length === 0 ? "" : " ".repeat(width), tail);
    });
  }

  #markdown(text: string): Markdown {
    return new Markdown(text, 0, 0, this.#theme, { color: this.#paint.assistant });
  }

  #chunkText(i: number, cut: number): string {
    return this.#text.slice(i === 0 ? 0 : this.#cuts[i - 1], cut).trimEnd();
  }

  #tailText(): string {
    return this.#text.slice(this.#cuts.at(-1) ?? 0).trimEnd();
  }

  #dropChunks(): void {
    this.#cuts = [];
    this.#chunks = [];
    this.#chunkWidth = -1;
  }

  #update(text: string): void {
    this.#text = text;
    for (const cut of chunkCuts(text, this.#cuts.at(-1) ?? 0)) {
      this.#chunks.push(this.#markdown(this.#chunkText(this.#cuts.length, cut)));
      this.#cuts.push(cut);
    }
    this.#tail.setText(this.#tailText());
    this.#cache.invalidate();
  }

  /** Finished chunks are rendered once per width; new ones are appended. */
  #renderChunks(width: number): string[] {
    if (width !== this.#chunkWidth) {
      this.#chunkLines = [];
      this.#chunkCount = 0;
      this.#chunkWidth = width;
    }
    for (; this.#chunkCount < this.#chunks.length; this.#chunkCount++) {
      // The block's leading gap, then pi-tui's own blank line between blocks.
      const gap = this.#chunkCount === 0 ? "" : " ".repeat(width);
      this.#chunkLines.push(gap, ...this.#chunks[this.#chunkCount].render(width));
    }
    return this.#chunkLines;
  }
}
