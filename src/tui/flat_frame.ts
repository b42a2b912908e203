/**
 * FlatTUI's frame writer: it brings the screen from the last frame to this
 * one by rewriting only the rows whose lines changed, and leaves pi-tui's
 * frame state describing the result, so pi-tui's own frame can take over at
 * any time (an overlay, a resize, an image).
 *
 * It knows the rows before `changed` hold the lines already on screen
 * (FlatTUI composed them), so it compares from there on, and a frame costs
 * those rows whatever the transcript's length. The bytes differ from
 * pi-tui's; what the terminal shows afterwards does not (a test replays
 * both into a terminal emulator and compares the screens frame by frame).
 * pi-tui's frame state is private: it is reached only through the adapter
 * in pi_private.ts.
 *
 * @module
 */

import type { Terminal } from "@mariozechner/pi-tui";
import { CURSOR_MARKER, visibleWidth } from "./pi.ts";
import type { PiFrameState } from "./pi_private.ts";

/** pi-tui's test for a Kitty or iTerm2 image line (such lines get no reset). */
export function isImageLine(line: string): boolean {
  return line.includes("\x1b_G") || line.includes("\x1b]1337;File=");
}

// SGR colours and OSC 8 links: pi-tui's visibleWidth strips them the same way.
// deno-lint-ignore no-control-regex
const COLOURS = /\x1b\[[0-9;:]*m|\x1b\]8;[^\x07\x1b]*\x07/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Whether `line` is at most `width` columns, as pi-tui's visibleWidth counts
 * them. Printable ASCII with colours (most lines) is counted here: every
 * changed line is a new string, and a miss in visibleWidth's cache costs
 * microseconds, more as its map churns.
 */
export function fits(line: string, width: number): boolean {
  const bare = line.replace(COLOURS, "");
  return PRINTABLE_ASCII.test(bare) ? bare.length <= width : visibleWidth(line) <= width;
}

/** The row holding pi-tui's cursor marker among the last `height` rows (-1: none). */
export function cursorRow(lines: readonly string[], height: number): number {
  for (let row = lines.length - 1; row >= Math.max(0, lines.length - height); row--) {
    if (lines[row].includes(CURSOR_MARKER)) return row;
  }
  return -1;
}

/** Where the editor's cursor marker sits in the composed rows (row -1: none). */
interface Mark {
  row: number;
  col: number;
}

const NO_MARK: Mark = { row: -1, col: 0 };

function markIn(line: string, row: number): Mark {
  const at = line.indexOf(CURSOR_MARKER);
  return at < 0 ? NO_MARK : { row, col: visibleWidth(line.slice(0, at)) };
}

function unmarked(line: string): string {
  const at = line.indexOf(CURSOR_MARKER);
  return at < 0 ? line : line.slice(0, at) + line.slice(at + CURSOR_MARKER.length);
}

const SYNC_ON = "\x1b[?2026h";
const SYNC_OFF = "\x1b[?2026l";
const ERASE_LINE = "\x1b[2K";
const ERASE_BELOW = "\x1b[J";

/**
 * Draws a frame by rewriting, in place, the one band of screen rows between
 * the first and the last row whose composed line changed, then clearing
 * what is left below the content when it got shorter.
 *
 * It keeps, per row, the composed line that row was drawn from (`#source`)
 * and edits pi-tui's record of what is on screen (`previousLines`, the very
 * array pi-tui's next frame compares with) instead of building a new one,
 * so a frame costs the rows from `changed` on, not the transcript. The
 * cursor is moved relatively, from the row pi-tui says it is on: up with
 * CSI n A (the band must be on screen), down with CRLF, which also scrolls
 * when the band reaches past the bottom row. Afterwards pi-tui's own frame
 * state (cursor row, viewport top, rows drawn) says what the screen holds,
 * so pi-tui's next frame, or `positionHardwareCursor` now, carries on from
 * it. Anything that is not a band edit of the visible rows returns
 * undefined before a byte is written, and pi-tui draws that frame.
 */
export class FlatFrame {
  /** pi-tui's `previousLines` when this writer last drew or saw a frame. */
  #screen: string[] | undefined;
  /** The composed line (marker and all) each row on screen was drawn from. */
  #source: string[] = [];
  #mark: Mark = NO_MARK;

  /** Whether `previous` (pi-tui's `previousLines`) is what this writer last saw. */
  drew(previous: readonly string[]): boolean {
    return this.#screen !== undefined && previous === this.#screen;
  }

  /**
   * Adopts a frame pi-tui drew: `drawn` is its `previousLines`, `composed`
   * the lines it drew them from, `cursor` the row of the cursor marker.
   */
  took(drawn: string[], composed: readonly string[], cursor: number): void {
    this.#screen = drawn;
    this.#source = composed.slice();
    this.#mark = cursor >= 0 && cursor < composed.length
      ? markIn(composed[cursor], cursor)
      : NO_MARK;
  }

  /** The screen holds something this writer did not see (an overlay): draw nothing until `took`. */
  forget(): void {
    this.#screen = undefined;
    this.#source = [];
    this.#mark = NO_MARK;
  }

  /**
   * Draws `lines`, whose rows before `changed` are the ones last drawn.
   * Returns the rows looked at, or undefined (nothing written) when pi-tui
   * must draw this frame.
   */
  draw(
    pi: PiFrameState,
    terminal: Terminal,
    lines: readonly string[],
    changed: number,
  ): number | undefined {
    const screen = this.#screen;
    if (screen === undefined || screen !== pi.previousLines) return undefined;
    const source = this.#source;
    const height = terminal.rows;
    const width = terminal.columns;
    const length = lines.length;
    const before = source.length;
    if (length === 0 || before !== screen.length) return undefined;
    if (pi.clearOnShrink && length < pi.maxLinesRendered) return undefined;
    const from = Math.max(0, Math.min(changed, length, before));

    // The band: the first and last rows whose composed line differs.
    let first = -1;
    let last = -1;
    const kept = Math.min(length, before);
    for (let row = from; row < kept; row++) {
      if (lines[row] !== source[row]) {
        if (first < 0) first = row;
        last = row;
      }
    }
    if (length > before) {
      if (first < 0) first = before;
      last = length - 1;
    }
    const shorter = length < before;
    const mark = this.#markAfter(lines, from, height, before);
    const touched = first >= 0 ? first : shorter ? length : -1;
    if (touched >= 0 && touched < pi.previousViewportTop) return undefined;

    // Everything that could send this frame to pi-tui is checked before writing.
    const band: string[] = [];
    for (let row = first; first >= 0 && row <= last; row++) {
      const line = row === mark.row ? unmarked(lines[row]) : lines[row];
      if (isImageLine(line) || !fits(line, width)) return undefined;
      if (row < before && isImageLine(screen[row])) return undefined;
      band.push(line);
    }
    for (let row = length; row < before; row++) if (isImageLine(screen[row])) return undefined;
    const looked = Math.max(length, before) - from;
    const cursor = mark.row >= 0 ? { row: mark.row, col: mark.col } : null;
    this.#mark = mark;
    if (touched < 0) {
      pi.positionHardwareCursor(cursor, length);
      return looked;
    }

    const drawn = band.length > 0 ? pi.applyLineResets(band) : band;
    let at = pi.hardwareCursorRow;
    let lowest = at;
    let out = SYNC_ON;
    const moveTo = (row: number) => {
      if (row < at) out += `\x1b[${at - row}A\r`;
      else out += "\r\n".repeat(row - at) + "\r";
      at = row;
      if (row > lowest) lowest = row;
    };
    if (first >= 0) {
      moveTo(first);
      for (let i = 0; i < drawn.length; i++) {
        if (i > 0) out += "\r\n";
        out += ERASE_LINE + drawn[i];
        screen[first + i] = drawn[i];
        source[first + i] = lines[first + i];
      }
      at = last;
      if (last > lowest) lowest = last;
    }
    if (shorter) {
      // The old rows below the content are on screen (they were drawn): no scroll.
      moveTo(length);
      out += ERASE_BELOW;
      screen.length = length;
      source.length = length;
    }
    terminal.write(out);
    pi.hardwareCursorRow = at;
    pi.cursorRow = length - 1;
    if (length > pi.maxLinesRendered) pi.maxLinesRendered = length;
    pi.previousViewportTop = Math.max(pi.previousViewportTop, lowest - height + 1);
    pi.positionHardwareCursor(cursor, length);
    terminal.write(SYNC_OFF);
    return looked;
  }

  /**
   * Where pi-tui finds the marker this frame: the last row holding it among
   * the last `height` rows. Rows before `from` are unchanged, so they are
   * searched only when the last frame's answer does not cover them.
   */
  #markAfter(lines: readonly string[], from: number, height: number, before: number): Mark {
    const low = Math.max(0, lines.length - height);
    for (let row = lines.length - 1; row >= Math.max(low, from); row--) {
      if (lines[row].includes(CURSOR_MARKER)) return markIn(lines[row], row);
    }
    const last = this.#mark;
    // Rows after the last mark were in the last frame's window and held none.
    if (last.row >= 0 && last.row < from) return last.row >= low ? last : NO_MARK;
    // No mark last frame: only rows that just entered the window can hold one.
    const seen = Math.max(0, before - height);
    const stop = last.row < 0 ? Math.min(from, seen) : from;
    for (let row = stop - 1; row >= low; row--) {
      if (lines[row].includes(CURSOR_MARKER)) return markIn(lines[row], row);
    }
    return NO_MARK;
  }
}
