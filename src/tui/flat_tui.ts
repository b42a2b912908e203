/**
 * A pi-tui {@linkcode TUI} whose cost per frame stays flat as the transcript
 * grows.
 *
 * pi-tui's differential renderer compares every rendered line with the last
 * frame, which is cheap when the strings are the very same objects. But
 * before comparing, each frame it appends a reset sequence to every line
 * (`applyLineResets`) and scans every line for Kitty image ids
 * (`collectKittyImageIds`). Both build or scan fresh strings for all lines,
 * so with 1,000 messages (~8,000 lines) a streamed token cost ~1.5 ms, and
 * the freshly concatenated strings then made the comparison itself
 * character by character.
 *
 * FlatTUI memoizes those two steps by row: a line equal to last frame's line
 * at the same row reuses last frame's result (the same object, so pi-tui's
 * comparison is a pointer check). Only new or moved lines go through
 * pi-tui's own step, so the output is byte for byte pi-tui's (a test checks
 * it). Rows the children vouch for (the transcript's blocks before the
 * streaming one, see `SharedPrefix` in components/lines.ts) are not even
 * compared, and the children's lines are joined by block copies, so what
 * remains per token is a few array copies and pi-tui's own pointer loop.
 * Our components return cached line arrays, which is what makes the rows
 * identical from frame to frame.
 *
 * The two steps are private in pi-tui 0.73; if a later version drops them,
 * FlatTUI leaves pi-tui as it is (correct, only slower) and
 * {@linkcode FlatTUI.memoized} says so (a test checks it).
 *
 * @module
 */

import { type Component, type Terminal, TUI } from "@mariozechner/pi-tui";
import { hasSharedPrefix } from "./components/lines.ts";

type LineStep = (lines: string[]) => string[];
type ImageStep = (lines: string[]) => Set<number>;

// The image sequence pi-tui's `collectKittyImageIds` looks for.
const KITTY_PREFIX = "\x1b_G";

/**
 * Last frame's lines before and after pi-tui's per-line reset step, by row.
 * A pure helper so its invalidation can be tested without a terminal.
 */
export class LineResetMemo {
  #raw: readonly string[] = [];
  #out: string[] = [];
  /** Rows of `#out` holding an image sequence, ascending (almost always none). */
  #imageRows: number[] = [];
  /** Lines that went through the real step in the last `apply` (tests, bench). */
  recomputed = 0;
  /** Lines compared with last frame's in the last `apply` (tests, bench). */
  compared = 0;

  /** How many lines the last `apply` was given. */
  get rows(): number {
    return this.#raw.length;
  }

  /**
   * `step` applied to every line of `lines`, reusing last call's result for
   * each row whose line is the same. The first `known` rows are taken as
   * unchanged without comparing (the caller knows they are the same strings;
   * at most {@linkcode rows}). Returns a new array: pi-tui keeps the previous
   * one to diff against.
   */
  apply(lines: readonly string[], step: LineStep, known = 0): string[] {
    const raw = this.#raw;
    const prev = this.#out;
    const prevImages = this.#imageRows;
    const start = Math.max(0, Math.min(known, raw.length, lines.length));
    // One block copy at the new length (usually the old one), then the
    // rows from `start` on are overwritten or appended.
    const out = prev.slice(0, lines.length);
    const imageRows = prevImages.filter((row) => row < start);
    const wasImage = prevImages.length > imageRows.length ? new Set(prevImages) : undefined;
    let recomputed = 0;
    for (let i = start; i < lines.length; i++) {
      const line = lines[i];
      let result: string;
      let image: boolean;
      if (i < raw.length && line === raw[i]) {
        result = prev[i];
        image = wasImage?.has(i) ?? false;
      } else {
        result = step([line])[0];
        image = result.includes(KITTY_PREFIX);
        recomputed++;
      }
      if (i < out.length) out[i] = result;
      else out.push(result);
      if (image) imageRows.push(i);
    }
    this.#raw = lines;
    this.#out = out;
    this.#imageRows = imageRows;
    this.recomputed = recomputed;
    this.compared = lines.length - start;
    return out;
  }

  /** Whether `lines` is the last result and none of its lines holds an image. */
  imageFree(lines: readonly string[]): boolean {
    return lines === this.#out && this.#imageRows.length === 0;
  }

  /** Forgets the last frame (the next `apply` recomputes every line). */
  clear(): void {
    this.#raw = [];
    this.#out = [];
    this.#imageRows = [];
  }
}

function method<T>(target: object, name: string): T | undefined {
  const value: unknown = Reflect.get(target, name);
  return typeof value === "function" ? value.bind(target) : undefined;
}

export class FlatTUI extends TUI {
  readonly memo = new LineResetMemo();
  /** Whether pi-tui had the steps FlatTUI memoizes (false: plain pi-tui). */
  readonly memoized: boolean;
  /** The latest render: the joined lines and each child's array. */
  #latest: { lines: string[]; parts: readonly string[][] } | undefined;
  /** Each child's array in the last frame that reached the reset step. */
  #applied: readonly string[][] = [];

  constructor(terminal: Terminal, showHardwareCursor?: boolean) {
    super(terminal, showHardwareCursor);
    const resets = method<LineStep>(this, "applyLineResets");
    const images = method<ImageStep>(this, "collectKittyImageIds");
    this.memoized = resets !== undefined && images !== undefined;
    if (!resets || !images) return;
    // Own properties shadow pi-tui's prototype methods for this instance only.
    Object.defineProperty(this, "applyLineResets", {
      value: (lines: string[]) => {
        const known = this.#unchangedRows(lines);
        this.#applied = lines === this.#latest?.lines ? this.#latest.parts : [];
        return this.memo.apply(lines, resets, known);
      },
    });
    Object.defineProperty(this, "collectKittyImageIds", {
      value: (lines: string[]) => (this.memo.imageFree(lines) ? new Set<number>() : images(lines)),
    });
  }

  /**
   * The children's lines, joined with `concat` (a block copy) rather than
   * pi-tui's line-by-line push. Always a new array: pi-tui edits it in place
   * (the cursor marker).
   */
  override render(width: number): string[] {
    const parts = this.children.map((child: Component) => child.render(width));
    const lines = new Array<string>().concat(...parts);
    this.#latest = { lines, parts };
    return lines;
  }

  /**
   * Leading rows of `lines` known to hold the same strings as the last frame
   * that reached the reset step: children whose array is the same, then what
   * the first changed child knows of its own (the transcript: all blocks
   * before the streaming one). 0 when `lines` is not our latest render
   * (overlays were drawn over it).
   */
  #unchangedRows(lines: string[]): number {
    const latest = this.#latest;
    if (!latest || latest.lines !== lines || this.hasOverlay()) return 0;
    let rows = 0;
    for (let i = 0; i < latest.parts.length && i < this.#applied.length; i++) {
      const now = latest.parts[i];
      const before = this.#applied[i];
      if (now === before) {
        rows += now.length;
        continue;
      }
      const child = this.children[i];
      if (child && hasSharedPrefix(child)) rows += child.sharedPrefix(before);
      break;
    }
    // pi-tui strips the cursor marker from a line in the last screenful of
    // rows, in place: those rows are always compared.
    const screen = this.terminal.rows;
    return Math.max(0, Math.min(rows, lines.length - screen, this.memo.rows - screen));
  }
}
