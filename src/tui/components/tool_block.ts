/**
 * One tool call in the transcript: its name and arguments, then progress,
 * then the result. Long results are collapsed to their first rows (screen
 * rows, so one long line cannot flood the screen either) and a running
 * call shows only the tail of its output, so a big `read` or a chatty
 * command does not push the conversation off the screen.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { truncateToWidth } from "../pi.ts";
import { sanitize } from "../ansi.ts";
import type { Paint } from "../theme.ts";
import { LineCache, type Watched, wrapStyled } from "./lines.ts";

/** Result rows shown before collapsing. */
export const COLLAPSED_LINES = 8;
/** Lines of a running call's output shown (its latest ones). */
export const PROGRESS_LINES = 5;
/** Output kept for the progress tail: enough for its lines, never the whole stream. */
const PROGRESS_KEEP = 16 * 1024;
const ARGS_MAX = 300;
const FIRST = "  ⎿ ";
const NEXT = "    ";

export type ToolState = "running" | "done" | "error";

/** `name(key=value, …)` on one line, cut to a readable length. */
export function formatToolCall(name: string, args: Record<string, unknown>): string {
  const parts = Object.entries(args).map(([k, v]) => {
    const value = typeof v === "string" ? v : JSON.stringify(v);
    return `${k}=${value.replace(/\s+/g, " ").trim()}`;
  });
  const text = `${name}(${parts.join(", ")})`;
  return text.length <= ARGS_MAX ? text : text.slice(0, ARGS_MAX - 1) + "…";
}

export class ToolBlock implements Component, Watched {
  readonly id: string;
  #paint: Paint;
  #header: string;
  #state: ToolState = "running";
  #progress = "";
  #result = "";
  #expanded = false;
  #cache = new LineCache(() => this.onChange?.());
  /** Told when the lines change (the transcript watching this block). */
  onChange: (() => void) | undefined;

  constructor(paint: Paint, id: string, name: string, args: Record<string, unknown>) {
    this.#paint = paint;
    this.id = id;
    this.#header = sanitize(formatToolCall(name, args));
  }

  get state(): ToolState {
    return this.#state;
  }

  /** More output of the running call (a chunk of a stream: lines may span chunks). */
  appendProgress(chunk: string): void {
    const text = this.#progress + chunk;
    if (text.length <= PROGRESS_KEEP) {
      this.#progress = text;
    } else {
      // From a line start when there is one: a cut line would show as a line.
      const kept = text.slice(-PROGRESS_KEEP);
      const nl = kept.indexOf("\n");
      this.#progress = nl === -1 ? kept : kept.slice(nl + 1);
    }
    this.#cache.invalidate();
  }

  setResult(text: string, isError: boolean): void {
    this.#state = isError ? "error" : "done";
    this.#result = sanitize(text);
    this.#progress = "";
    this.#cache.invalidate();
  }

  /** Shows every result line (or collapses again). */
  setExpanded(expanded: boolean): void {
    this.#expanded = expanded;
    this.#cache.invalidate();
  }

  invalidate(): void {
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    return this.#cache.get(width, () => this.#render(width));
  }

  #render(width: number): string[] {
    const p = this.#paint;
    const mark = this.#state === "error"
      ? p.error("✗")
      : this.#state === "done"
      ? p.success("●")
      : p.tool("○");
    const lines = [
      "",
      ...wrapStyled(this.#header, width - 2, p.tool).map((l, i) =>
        truncateToWidth((i === 0 ? `${mark} ` : "  ") + l, width)
      ),
    ];
    if (this.#state === "running") {
      lines.push(...this.#progressRows(width));
      return lines;
    }
    const style = this.#state === "error" ? p.error : p.toolOut;
    const all = this.#result.replace(/\n+$/, "").split("\n");
    const limit = this.#expanded ? Infinity : COLLAPSED_LINES;
    const inner = Math.max(1, width - NEXT.length);
    const rows: string[] = [];
    let line = 0;
    let cut = false;
    for (; line < all.length && rows.length < limit; line++) {
      const room = limit - rows.length;
      // Collapsed, a huge line is wrapped only as far as it is shown.
      const text = room === Infinity ? all[line] : all[line].slice(0, (room + 1) * inner);
      const wrapped = wrapStyled(text, inner, style);
      if (wrapped.length > room || text.length < all[line].length) cut = true;
      for (const row of wrapped.slice(0, room)) {
        rows.push(truncateToWidth((rows.length === 0 ? FIRST : NEXT) + row, width));
      }
    }
    lines.push(...rows);
    // The line cut short counts as one more (its start is shown).
    const hidden = all.length - line + (cut ? 1 : 0);
    if (hidden > 0) {
      const what = cut && hidden === 1
        ? "the line goes on"
        : `${hidden} more line${hidden === 1 ? "" : "s"}`;
      lines.push(truncateToWidth(p.muted(`${NEXT}… ${what} (ctrl+o to expand)`), width));
    }
    return lines;
  }

  /**
   * The last lines of a running call's output, one row each: a carriage
   * return starts its line over (progress bars), as in a terminal.
   */
  #progressRows(width: number): string[] {
    const lines = this.#progress.split("\n").map((l) => {
      const line = l.endsWith("\r") ? l.slice(0, -1) : l;
      return sanitize(line.slice(line.lastIndexOf("\r") + 1));
    });
    if (lines.at(-1) === "") lines.pop();
    return lines.slice(-PROGRESS_LINES).map((l, i) =>
      truncateToWidth((i === 0 ? FIRST : NEXT) + this.#paint.muted(l), width)
    );
  }
}
