/**
 * One tool call in the transcript: its name and arguments, then progress,
 * then the result. Long results are collapsed to their first lines so a
 * big `read` does not push the conversation off the screen.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { sanitize } from "../ansi.ts";
import type { Paint } from "../theme.ts";
import { LineCache, type Watched, wrapStyled } from "./lines.ts";

/** Result lines shown before collapsing. */
export const COLLAPSED_LINES = 8;
const ARGS_MAX = 300;

export type ToolState = "running" | "done" | "error";

/** `name(key=value, …)` on one line, cut to a readable length. */
export function formatToolCall(name: string, args: Record<string, unknown>): string {
  const parts = Object.entries(args).map(([k, v]) => {
    const value = typeof v === "string" ? v : JSON.stringify(v);
    return `${k}=${value.replace(/\s+/g, " ")}`;
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

  setProgress(text: string): void {
    this.#progress = sanitize(text);
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
        (i === 0 ? `${mark} ` : "  ") + l
      ),
    ];
    if (this.#progress) lines.push(...wrapStyled(this.#progress, width, p.muted, "  ⎿ "));
    if (this.#state === "running") return lines;
    const style = this.#state === "error" ? p.error : p.toolOut;
    const all = this.#result.replace(/\n+$/, "").split("\n");
    const shown = this.#expanded ? all : all.slice(0, COLLAPSED_LINES);
    shown.forEach((line, i) =>
      lines.push(...wrapStyled(line, width, style, i === 0 ? "  ⎿ " : "    "))
    );
    if (shown.length < all.length) {
      lines.push(p.muted(`    … ${all.length - shown.length} more lines (ctrl+o to expand)`));
    }
    return lines;
  }
}
