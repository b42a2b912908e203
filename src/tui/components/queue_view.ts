/**
 * The prompts waiting behind the running turn, one muted row each above
 * the editor (`⏵ queued: <text>`, cut to the width), so the user sees what
 * will be sent next and in which order; nothing while the queue is empty.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { truncateToWidth } from "../pi.ts";
import { sanitize } from "../ansi.ts";
import type { Paint } from "../theme.ts";
import { LineCache } from "./lines.ts";

/** Rows shown at most; the rest are counted. */
export const QUEUE_ROWS = 5;

export class QueueView implements Component {
  #paint: Paint;
  #items: string[] = [];
  #cache = new LineCache();

  constructor(paint: Paint) {
    this.#paint = paint;
  }

  get items(): readonly string[] {
    return this.#items;
  }

  /** The queue, oldest first (multi-line prompts shown on one row). */
  set(items: readonly string[]): void {
    const next = items.map((t) => sanitize(t).replace(/\s+/g, " ").trim());
    if (next.length === this.#items.length && next.every((t, i) => t === this.#items[i])) return;
    this.#items = next;
    this.#cache.invalidate();
  }

  invalidate(): void {
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    if (this.#items.length === 0) return [];
    return this.#cache.get(width, () => {
      const p = this.#paint;
      const shown = this.#items.slice(0, QUEUE_ROWS);
      const rows = shown.map((t) => truncateToWidth(p.muted(`⏵ queued: ${t}`), width));
      const more = this.#items.length - shown.length;
      if (more > 0) rows.push(truncateToWidth(p.muted(`  … and ${more} more`), width));
      return rows;
    });
  }
}
