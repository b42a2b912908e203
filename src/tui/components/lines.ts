/**
 * Line helpers shared by the components: wrap plain or styled text to the
 * width pi-tui allows, and cache a render by width.
 *
 * @module
 */

import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import type { Style } from "../ansi.ts";

/** Each logical line styled then wrapped to `width` (never wider). */
export function wrapStyled(text: string, width: number, style: Style, indent = ""): string[] {
  const inner = Math.max(1, width - visibleWidth(indent));
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const wrapped = line === "" ? [""] : wrapTextWithAnsi(style(line), inner);
    for (const w of wrapped) out.push(truncateToWidth(indent + w, width));
  }
  return out;
}

/** Pads a styled line to exactly `width` columns (full-width backgrounds). */
export function padTo(line: string, width: number): string {
  const cut = truncateToWidth(line, width, "");
  return cut + " ".repeat(Math.max(0, width - visibleWidth(cut)));
}

/** A render cached by width; `invalidate` drops it. */
export class LineCache {
  #width = -1;
  #lines: string[] = [];

  get(width: number, render: () => string[]): string[] {
    if (width !== this.#width) {
      this.#lines = render();
      this.#width = width;
    }
    return this.#lines;
  }

  invalidate(): void {
    this.#width = -1;
  }
}
