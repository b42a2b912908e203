/**
 * The scrolling conversation: user prompts, streamed assistant markdown,
 * tool calls with their results, and host lines (info, errors, extension
 * load errors). Each block caches its own lines and the transcript joins
 * them incrementally, so streaming into the last block re-renders only that
 * block and the differential renderer writes only what changed.
 *
 * @module
 */

import type { Component, MarkdownTheme } from "@mariozechner/pi-tui";
import { Container } from "../pi.ts";
import { sanitize, type Style } from "../ansi.ts";
import type { Paint } from "../theme.ts";
import {
  ChildRowsSince,
  isWatched,
  JoinedLines,
  LineCache,
  type LinesSince,
  type RenderSince,
  type RenderToken,
  type Watched,
  wrapStyled,
} from "./lines.ts";
import { ToolBlock } from "./tool_block.ts";
import { AssistantBlock } from "./assistant_block.ts";
import { ColumnsBlock, type ColumnsSection } from "./columns_block.ts";

/** Plain styled text with a leading blank line (or not). */
export class TextBlock implements Component, Watched {
  #text: string;
  #style: Style;
  #prefix: string;
  #gap: boolean;
  #cache = new LineCache(() => this.onChange?.());
  onChange: (() => void) | undefined;

  constructor(text: string, style: Style, options: { prefix?: string; gap?: boolean } = {}) {
    this.#text = sanitize(text);
    this.#style = style;
    this.#prefix = options.prefix ?? "";
    this.#gap = options.gap ?? true;
  }

  invalidate(): void {
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    return this.#cache.get(width, () => {
      const lines = this.#gap ? [""] : [];
      const body = wrapStyled(this.#text, width - this.#prefix.length, this.#style);
      body.forEach((l, i) =>
        lines.push((i === 0 ? this.#prefix : " ".repeat(this.#prefix.length)) + l)
      );
      return lines;
    });
  }
}

export class Transcript extends Container implements RenderSince {
  #paint: Paint;
  #md: MarkdownTheme;
  #tools = new Map<string, ToolBlock>();
  #loadErrors: Component[] = [];
  #joined = new JoinedLines();
  /** Leading children whose lines did not change since the last render. */
  #clean = 0;
  /** The same for `renderSince` (FlatTUI), which is called apart from `render`. */
  #since = new ChildRowsSince();
  /** A child that does not report changes was added: ask every child. */
  #unwatched = false;

  constructor(paint: Paint, md: MarkdownTheme) {
    super();
    this.#paint = paint;
    this.#md = md;
  }

  /**
   * The blocks' lines; only blocks whose lines changed since the last frame
   * are copied (the streaming one), so a token does not cost the transcript.
   */
  override render(width: number): string[] {
    const clean = this.#unwatched ? 0 : this.#clean;
    this.#clean = Number.MAX_SAFE_INTEGER;
    return this.#joined.join(width, this.children, clean);
  }

  /**
   * The rows that changed since the render `since` names: the blocks from
   * the first one that reported a change (or was added or removed) on. A
   * streamed token costs the streaming block, not the blocks above it.
   */
  renderSince(width: number, since: RenderToken | undefined): LinesSince {
    return this.#since.render(width, this.children, this.#unwatched ? undefined : since);
  }

  /** Watches our blocks, so a render asks only the changed ones. */
  override addChild(component: Component): void {
    if (isWatched(component)) component.onChange = () => this.#changed(component);
    else this.#unwatched = true;
    this.#since.mark(this.children.length);
    super.addChild(component);
  }

  override removeChild(component: Component): void {
    const at = this.children.indexOf(component);
    if (at !== -1) this.#since.mark(at);
    super.removeChild(component);
  }

  #changed(block: Component): void {
    // Search from the end: the block that changes is nearly always the last.
    if (this.#clean === 0 && this.#since.allDirty) return;
    const at = this.children.lastIndexOf(block);
    if (at === -1) return;
    this.#clean = Math.min(this.#clean, at);
    this.#since.mark(at);
  }

  addUser(text: string): void {
    this.addChild(new TextBlock(text, this.#paint.user, { prefix: "› " }));
  }

  beginAssistant(): AssistantBlock {
    const block = new AssistantBlock(this.#md, this.#paint);
    this.addChild(block);
    return block;
  }

  addTool(id: string, name: string, args: Record<string, unknown>): ToolBlock {
    const block = new ToolBlock(this.#paint, id, name, args);
    this.#tools.set(id, block);
    this.addChild(block);
    return block;
  }

  tool(id: string): ToolBlock | undefined {
    return this.#tools.get(id);
  }

  /** The tool blocks, oldest first (expand/collapse). */
  tools(): ToolBlock[] {
    return [...this.#tools.values()];
  }

  addInfo(text: string): void {
    this.addChild(new TextBlock(text, this.#paint.muted));
  }

  /**
   * What an extension shows (a command's `display`): `[<label>] ` then the
   * text, muted, continuation lines under the text. In the transcript, not
   * the notes, so it stays in the scrollback after the notes are cleared.
   */
  addExtensionText(label: string, text: string): void {
    this.addChild(new TextBlock(text, this.#paint.muted, { prefix: `[${sanitize(label)}] ` }));
  }

  /** A two-column listing (`/help`, `/tools`), muted, aligned at any width. */
  addColumns(sections: readonly ColumnsSection[]): void {
    this.addChild(new ColumnsBlock(sections, this.#paint.muted));
  }

  addError(text: string): void {
    this.addChild(new TextBlock(text, this.#paint.error));
  }

  addWarning(text: string): void {
    this.addChild(new TextBlock(text, this.#paint.warning));
  }

  /**
   * Extension load errors: red, `✖ ` then a 2-space indent on continuation
   * lines; they stay until {@linkcode clearLoadErrors}.
   */
  addLoadErrors(errors: readonly string[]): void {
    for (const error of errors) {
      const block = new TextBlock(error, this.#paint.error, { prefix: "✖ " });
      this.#loadErrors.push(block);
      this.addChild(block);
    }
  }

  clearLoadErrors(): void {
    for (const block of this.#loadErrors) this.removeChild(block);
    this.#loadErrors = [];
  }

  override clear(): void {
    super.clear();
    this.#since.mark(0);
    this.#unwatched = false;
    this.#tools.clear();
    this.#loadErrors = [];
  }
}
