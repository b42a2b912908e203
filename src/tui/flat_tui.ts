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
 * FlatTUI memoizes those two steps by line identity: a line that is the same
 * string object at the same row as in the last frame reuses last frame's
 * result (the same object, so the comparison is a pointer check). Only new
 * or moved lines go through pi-tui's own step, so the output is unchanged.
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
  #images: boolean[] = [];
  #imageLines = 0;
  /** Lines that went through the real step in the last `apply` (tests, bench). */
  recomputed = 0;

  /**
   * `step` applied to every line of `lines`, reusing last call's result for
   * each row whose line is the same. Returns a new array (pi-tui keeps the
   * previous one to diff against).
   */
  apply(lines: readonly string[], step: LineStep): string[] {
    const raw = this.#raw;
    const prev = this.#out;
    const prevImages = this.#images;
    const out = new Array<string>(lines.length);
    const images = new Array<boolean>(lines.length);
    let imageLines = 0;
    let recomputed = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (i < raw.length && line === raw[i]) {
        out[i] = prev[i];
        images[i] = prevImages[i];
      } else {
        out[i] = step([line])[0];
        images[i] = out[i].includes(KITTY_PREFIX);
        recomputed++;
      }
      if (images[i]) imageLines++;
    }
    this.#raw = lines;
    this.#out = out;
    this.#images = images;
    this.#imageLines = imageLines;
    this.recomputed = recomputed;
    return out;
  }

  /** Whether `lines` is the last result and none of its lines holds an image. */
  imageFree(lines: readonly string[]): boolean {
    return lines === this.#out && this.#imageLines === 0;
  }

  /** Forgets the last frame (the next `apply` recomputes every line). */
  clear(): void {
    this.#raw = [];
    this.#out = [];
    this.#images = [];
    this.#imageLines = 0;
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

  constructor(terminal: Terminal, showHardwareCursor?: boolean) {
    super(terminal, showHardwareCursor);
    const resets = method<LineStep>(this, "applyLineResets");
    const images = method<ImageStep>(this, "collectKittyImageIds");
    this.memoized = resets !== undefined && images !== undefined;
    if (!resets || !images) return;
    // Own properties shadow pi-tui's prototype methods for this instance only.
    Object.defineProperty(this, "applyLineResets", {
      value: (lines: string[]) => this.memo.apply(lines, resets),
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
    return new Array<string>().concat(...parts);
  }
}
