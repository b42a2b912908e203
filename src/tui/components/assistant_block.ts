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

import type { Component, MarkdownTheme } from "@mariozechner/pi-tui";
import { markdownClass, PlainMarkdown } from "../markdown_loader.ts";
import { sanitize } from "../ansi.ts";
import type { Paint } from "../theme.ts";
import {
  LineCache,
  type LinesSince,
  type RenderSince,
  type RenderToken,
  type Watched,
} from "./lines.ts";

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

/** What renders one chunk: pi-tui's Markdown, or the plain text before it has loaded. */
type TextBlock = Component & { setText(text: string): void };

export class AssistantBlock implements Component, Watched, RenderSince {
  #theme: MarkdownTheme;
  #paint: Paint;
  /**
   * The text before the last cut and after it, apart: a token appends to
   * the short rest, so it never copies the whole answer (slicing a string
   * built by appends flattens all of it).
   */
  #done = "";
  #rest = "";
  /** The finished chunks' texts and their parsed markdown. */
  #chunkTexts: string[] = [];
  #chunks: TextBlock[] = [];
  #tail: TextBlock;
  /** The chunks' lines at `#chunkWidth`, each after a blank line (append-only). */
  #chunkLines: string[] = [];
  #chunkCount = 0;
  #chunkWidth = -1;
  #cache = new LineCache(() => this.onChange?.());
  /** The last `renderSince`: its token and the chunk lines it had. */
  #since: { token: RenderToken; lines: readonly string[]; rows: number } | undefined;
  /** Told when the lines change (the transcript watching this block). */
  onChange: (() => void) | undefined;

  constructor(theme: MarkdownTheme, paint: Paint) {
    this.#theme = theme;
    this.#paint = paint;
    this.#tail = this.#markdown("");
  }

  get text(): string {
    return this.#done + this.#rest;
  }

  append(delta: string): void {
    this.#rest += sanitize(delta);
    this.#update();
  }

  setText(raw: string): void {
    const text = sanitize(raw);
    if (text.startsWith(this.#done)) this.#rest = text.slice(this.#done.length);
    else {
      this.#dropChunks();
      this.#rest = text;
    }
    this.#update();
  }

  /**
   * Drops every cache (a theme change). The markdown components are rebuilt:
   * pi-tui's Markdown keeps the text colour it resolved first across its own
   * `invalidate`, so the old theme's colour would linger after inline styles.
   */
  invalidate(): void {
    this.#chunks = this.#chunkTexts.map((text) => this.#markdown(text));
    this.#tail = this.#markdown(this.#tailText());
    this.#chunkWidth = -1;
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    return this.#cache.get(width, () => {
      const chunks = this.#renderChunks(width);
      const tail = this.#renderTail(chunks, width);
      return tail.length === 0 ? chunks.slice() : chunks.concat(tail);
    });
  }

  /**
   * The rows after the chunk lines the render `since` had: finished
   * chunks' lines are not handed over again, so a token costs the
   * paragraph it extends, however long the answer.
   */
  renderSince(width: number, since: RenderToken | undefined): LinesSince {
    const chunks = this.#renderChunks(width);
    const tail = this.#renderTail(chunks, width);
    const last = this.#since;
    // The chunk lines only grow while they stay the same array (same width, same chunks).
    const from = last && since === last.token && chunks === last.lines ? last.rows : 0;
    const token = {};
    this.#since = { token, lines: chunks, rows: chunks.length };
    const parts = from < chunks.length ? [chunks.slice(from), tail] : [tail];
    return { token, from, length: chunks.length + tail.length, parts };
  }

  /** pi-tui's markdown, or the text unformatted while it loads (see markdown_loader.ts). */
  #markdown(text: string): TextBlock {
    const Markdown = markdownClass();
    return Markdown
      ? new Markdown(text, 0, 0, this.#theme, { color: this.#paint.assistant })
      : new PlainMarkdown(text, this.#paint.assistant);
  }

  #tailText(): string {
    return this.#rest.trimEnd();
  }

  /** The lines after the chunks': a blank line between (or the block's gap), then the tail. */
  #renderTail(chunks: readonly string[], width: number): string[] {
    if (this.#tailText() === "") return [];
    const tail = this.#tail.render(width);
    if (tail.length === 0) return [];
    return [chunks.length === 0 ? "" : " ".repeat(width), ...tail];
  }

  #dropChunks(): void {
    this.#done = "";
    this.#chunkTexts = [];
    this.#chunks = [];
    this.#chunkWidth = -1;
  }

  #update(): void {
    // Cuts in the rest: chunkCuts starts from a line start outside a fence,
    // which the last cut is.
    let at = 0;
    for (const cut of chunkCuts(this.#rest)) {
      const piece = this.#rest.slice(at, cut);
      this.#chunkTexts.push(piece.trimEnd());
      this.#chunks.push(this.#markdown(piece.trimEnd()));
      this.#done += piece;
      at = cut;
    }
    if (at > 0) this.#rest = this.#rest.slice(at);
    this.#tail.setText(this.#tailText());
    this.#cache.invalidate();
  }

  /**
   * Finished chunks are rendered once per width; new ones are appended to
   * the same array. A new width, a theme or a rewritten text start a new
   * one (which tells `renderSince` its rows are new).
   */
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
