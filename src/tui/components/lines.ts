/**
 * Line helpers shared by the components: wrap plain or styled text to the
 * width pi-tui allows, cache a render by width, and join children's cached
 * renders without recopying the unchanged ones.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "../pi.ts";
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

/** Names one render of a {@linkcode RenderSince} component (opaque). */
export type RenderToken = object;

/** What {@linkcode RenderSince.renderSince} returns. */
export interface LinesSince {
  /** Names this render, for the next call. */
  token: RenderToken;
  /**
   * Rows before `from` hold the same lines as in the render `since` named,
   * at the same rows (0 when that render is not known).
   */
  from: number;
  /** The number of lines. */
  length: number;
  /** The lines from row `from` on, as consecutive arrays (read them, do not keep them). */
  parts: readonly (readonly string[])[];
}

/**
 * A component with many lines (the transcript) that tells what changed
 * since an earlier render instead of handing over every line, so FlatTUI's
 * cost per frame is the changed rows, not the whole transcript.
 */
export interface RenderSince {
  renderSince(width: number, since: RenderToken | undefined): LinesSince;
}

export function hasRenderSince(c: Component): c is Component & RenderSince {
  return "renderSince" in c && typeof c.renderSince === "function";
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
export class JoinedLines {
  #width = -1;
  #children: readonly Component[] = [];
  #parts: readonly string[][] = [];
  #lines: string[] = [];

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
    this.#width = width;
    this.#children = children.slice();
    this.#parts = parts;
    this.#lines = lines;
    return lines;
  }
}

/**
 * A container's {@linkcode RenderSince}, for children that report their
 * changes (see {@linkcode Watched}): the container marks the first child
 * that may have changed (one reporting, one added or removed) and the
 * children before it are not asked again, so a streamed token costs the
 * last block whatever the number of blocks above it. That child, when it
 * is a `RenderSince` too (the streaming answer), hands over only its own
 * changed rows.
 */
export class ChildRowsSince {
  #token: RenderToken = {};
  #width = -1;
  #children: readonly Component[] | undefined;
  /** The first child that may have changed since `#token`'s render. */
  #dirty = 0;
  /** Each child's first row in `#token`'s render (one more: the end). */
  #starts: number[] = [0];
  /** Each `RenderSince` child's token from that render. */
  #tokens: (RenderToken | undefined)[] = [];

  /** Whether every child is already due to be asked (nothing to mark). */
  get allDirty(): boolean {
    return this.#dirty === 0;
  }

  /** Child `index` and the ones after it may have changed. */
  mark(index: number): void {
    if (index < this.#dirty) this.#dirty = index;
  }

  /**
   * Relies on `children` changing only through the container's own methods
   * (which mark), or by replacing the array (`clear`): then every child is
   * asked again.
   */
  render(
    width: number,
    children: readonly Component[],
    since: RenderToken | undefined,
  ): LinesSince {
    const known = since === this.#token && width === this.#width && children === this.#children;
    const first = known ? Math.min(this.#dirty, children.length, this.#starts.length - 1) : 0;
    const starts = this.#starts;
    const tokens = this.#tokens;
    starts.length = first + 1;
    tokens.length = Math.min(tokens.length, children.length);
    let from = starts[first];
    const parts: (readonly string[])[] = [];
    for (let i = first; i < children.length; i++) {
      const child = children[i];
      let length: number;
      if (hasRenderSince(child)) {
        // Only the first asked keeps its rows: the ones after it may have moved. Its
        // token is the one of the child at its index; another child does not know it.
        const result = child.renderSince(width, known && i === first ? tokens[i] : undefined);
        tokens[i] = result.token;
        if (i === first) from += result.from;
        parts.push(...result.parts);
        length = result.length;
      } else {
        const lines = child.render(width);
        tokens[i] = undefined;
        parts.push(lines);
        length = lines.length;
      }
      starts.push(starts[i] + length);
    }
    this.#token = {};
    this.#width = width;
    this.#children = children;
    this.#dirty = Number.MAX_SAFE_INTEGER;
    return { token: this.#token, from, length: starts[children.length], parts };
  }
}
