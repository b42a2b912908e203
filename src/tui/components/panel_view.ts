/**
 * An extension panel as a framed block: a header rule naming the extension
 * (`[name] title`; the title cannot replace the name), the lines, a blank
 * line and the muted footer when there is one, and a closing rule.
 *
 * A line whose left-trimmed plain text starts with `▸ `, `● ` or U+200B is
 * the selected row (full-width selection colours, `✓` green); a line that
 * carries its own escapes is shown as given; other lines are muted.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { truncateToWidth, visibleWidth } from "../pi.ts";
import { hasAnsi, sanitize, stripAnsi } from "../ansi.ts";
import { safeText } from "../../safe_text.ts";
import type { Paint } from "../theme.ts";
import { LineCache, padTo } from "./lines.ts";

export interface PanelContent {
  title?: string;
  lines?: string[];
  footer?: string;
}

/** Panel lines keep their colours; every other escape is dropped; one row per line. */
function clean(lines: string[] | undefined): string[] {
  return (lines ?? []).map((l) => sanitize(l, { keepColor: true }).replaceAll("\n", " "));
}

/** The title shares the header row with the owner's name: a line feed would start a fake row. */
function oneLine(text: string): string {
  return sanitize(text).replaceAll("\n", " ");
}

const SELECTED_MARKERS = ["▸ ", "● ", "\u200b"];

export function isSelectedLine(line: string): boolean {
  const plain = stripAnsi(line).trimStart();
  return SELECTED_MARKERS.some((m) => plain.startsWith(m));
}

export class PanelView implements Component {
  readonly extension: string;
  readonly id: string;
  #paint: Paint;
  #owner: string;
  #title: string;
  #lines: string[];
  #footer: string;
  #cache = new LineCache();

  constructor(paint: Paint, extension: string, id: string, content: PanelContent) {
    this.#paint = paint;
    this.extension = extension;
    this.#owner = safeText(extension);
    this.id = id;
    this.#title = oneLine(content.title ?? "");
    this.#lines = clean(content.lines);
    this.#footer = sanitize(content.footer ?? "");
  }

  /** `panel_render`: an empty title keeps the old one; lines and footer are replaced. */
  update(content: PanelContent): void {
    if (content.title) this.#title = oneLine(content.title);
    this.#lines = clean(content.lines);
    this.#footer = sanitize(content.footer ?? "");
    this.#cache.invalidate();
  }

  invalidate(): void {
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    return this.#cache.get(width, () => this.#render(width));
  }

  #row(line: string, width: number): string {
    const p = this.#paint;
    const tinted = (text: string) => text.replaceAll("✓", p.success("✓"));
    if (isSelectedLine(line)) {
      const plain = stripAnsi(line).replace("\u200b", "");
      return p.selected(padTo(plain.replaceAll("✓", p.success("✓")), width));
    }
    if (hasAnsi(line)) return truncateToWidth(line, width);
    return truncateToWidth(p.muted(tinted(line)), width);
  }

  #render(width: number): string[] {
    const p = this.#paint;
    // The owner is always named first, whatever the title says: a panel cannot pass as zot's.
    const named = this.#title ? `[${this.#owner}] ${this.#title}` : `[${this.#owner}]`;
    const title = truncateToWidth(named, Math.max(1, width - 4));
    const head = `── ${title} `;
    const rule = head + "─".repeat(Math.max(0, width - visibleWidth(head)));
    const lines = ["", p.accent(truncateToWidth(rule, width, ""))];
    for (const line of this.#lines) lines.push(this.#row(line, width));
    if (this.#footer.trim() !== "") {
      lines.push("");
      for (const f of this.#footer.split("\n")) lines.push(truncateToWidth(p.muted(f), width));
    }
    lines.push(p.accent("─".repeat(width)));
    return lines;
  }
}
