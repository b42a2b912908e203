/**
 * Line helpers shared by the components: wrap plain or styled text to the
 * width pi-tui allows, cache a render by width, and join children's cached
 * renders without recopying the unchanged ones.
 *
 * @module
 */

import {
  type Component,
  truncateToWidth,
  visibleWidth,
  wrapTextWithAnsi,
} from "@mariozechner/pi-tui";
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

/**
 * A render cached by width; `invalidate` drops it and tells `onInvalidate`
 * (a block telling its container that its lines changed).
 */
export class LineCache {
  #width = -1;
  #lines: string[] = [];
  #onInvalidate: (() => void) | undefined;

  constructor(onInvalidate?: () => void) {
    this.#onInvalidate = onInvalidate;
  }

  get(width: number, render: () => string[]): string[] {
    if (width !== this.#width) {
      this.#lines = render();
      this.#width = width;
    }
    return this.#lines;
  }

  invalidate(): void {
    this.#width = -1;
    this.#onInvalidate?.();
  }
}

/**
 * A block that reports changes to its lines: its container sets `onChange`
 * and, until it is called, may reuse the block's last lines without asking.
 */
export interface Watched {
  onChange: (() => void) | undefined;
}

export function isWatched(c: Component): c is Component & Watched {
  return "onChange" in c;
}

/**
 * A component that can tell which of its leading lines did not change: how
 * many of the first lines of its latest render are the same strings, at the
 * same rows, as in `older` (a render it returned before). 0 when it does not
 * know. Lets FlatTUI skip the rows a streamed token did not touch.
 */
export interface SharedPrefix {
  sharedPrefix(older: readonly string[]): number;
}

export function hasSharedPrefix(c: Component): c is Component & SharedPrefix {
  return "sharedPrefix" in c && typeof c.sharedPrefix === "function";
}

/**
 * Children's lines joined into one array, kept across renders: children
 * whose render returned the same array as last time (a line cache hit) are
 * not copied again, so streaming into the last block costs the block, not
 * the whole transcript. Returns the same array while nothing changed, and a
 * new one otherwise (a parent may cache by identity too).
 *
 * Relies on the children's contract: a child returns a new array whenever
 * its lines change (every {@linkcode LineCache} user does).
 */
export class JoinedLines implements SharedPrefix {
  #width = -1;
  #children: readonly Component[] = [];
  #parts: readonly string[][] = [];
  #lines: string[] = [];
  /** The array before `#lines` and how many leading lines they share. */
  #base: readonly string[] = [];
  #kept = 0;

  /**
   * The children's lines. The first `clean` children, when they are the
   * same objects as last time, are known unchanged (their container watches
   * them) and not even asked to render: a token costs the blocks after them.
   */
  join(width: number, children: readonly Component[], clean = 0): string[] {
    const oldChildren = width === this.#width ? this.#children : [];
    const old = this.#parts;
    const parts = new Array<string[]>(children.length);
    let same = 0;
    let offset = 0;
    let diverged = false;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const known = !diverged && child === oldChildren[i];
      parts[i] = known && i < clean ? old[i] : child.render(width);
      if (known && parts[i] === old[i]) {
        offset += parts[i].length;
        same++;
      } else diverged = true;
    }
    if (width === this.#width && same === children.length && same === oldChildren.length) {
      return this.#lines;
    }
    let total = offset;
    for (let i = same; i < parts.length; i++) total += parts[i].length;
    // One block copy of the old lines at the new length (a streamed token
    // rarely changes the count), then the changed blocks over the end.
    const lines = this.#lines.slice(0, total);
    let row = offset;
    for (let i = same; i < parts.length; i++) {
      for (const line of parts[i]) {
        if (row < lines.length) lines[row] = line;
        else lines.push(line);
        row++;
      }
    }
    this.#base = this.#lines;
    this.#kept = offset;
    this.#width = width;
    this.#children = children.slice();
    this.#parts = parts;
    this.#lines = lines;
    return lines;
  }

  sharedPrefix(older: readonly string[]): number {
    if (older === this.#lines) return older.length;
    return older === this.#base ? this.#kept : 0;
  }
}
