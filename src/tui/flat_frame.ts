/**
 * FlatTUI's frame: pi-tui 0.73's differential branch of `doRender`, over
 * the rows from the first changed one on instead of every row.
 *
 * pi-tui finds the first and last changed rows by comparing every line with
 * the last frame's; FlatTUI knows the rows before `changed` hold the same
 * lines (it composed them), so the comparison starts there, and a row whose
 * composed line is the one of the last frame reuses the last frame's drawn
 * line (the reset sequence appended) instead of building it again. From
 * the changed rows on, the bytes written, the cursor moves and the state
 * left for the next frame are pi-tui's, statement for statement; the cases
 * where pi-tui clears and redraws everything are left to pi-tui's frame.
 *
 * @module
 */

import { CURSOR_MARKER, type Terminal, type TUI, visibleWidth } from "@mariozechner/pi-tui";

/** pi-tui's private frame state and steps, as of 0.73. */
export interface PiFrameState {
  previousLines: string[];
  previousKittyImageIds: Set<number>;
  previousWidth: number;
  previousHeight: number;
  previousViewportTop: number;
  cursorRow: number;
  hardwareCursorRow: number;
  maxLinesRendered: number;
  clearOnShrink: boolean;
  stopped: boolean;
  overlayStack: unknown[];
  applyLineResets(lines: string[]): string[];
  positionHardwareCursor(position: { row: number; col: number } | null, lines: number): void;
}

/** `tui` seen as its frame state, when pi-tui still has all of it. */
export function piFrameState(tui: TUI): PiFrameState | undefined {
  const get = (name: string): unknown => Reflect.get(tui, name);
  const ok = ["previousLines", "overlayStack"].every((k) => Array.isArray(get(k))) &&
    get("previousKittyImageIds") instanceof Set &&
    [
      "previousWidth",
      "previousHeight",
      "previousViewportTop",
      "cursorRow",
      "hardwareCursorRow",
      "maxLinesRendered",
    ].every((k) => typeof get(k) === "number") &&
    ["clearOnShrink", "stopped"].every((k) => typeof get(k) === "boolean") &&
    ["applyLineResets", "positionHardwareCursor"].every((k) => typeof get(k) === "function");
  return ok ? tui as unknown as PiFrameState : undefined;
}

/** pi-tui's test for a Kitty or iTerm2 image line (such lines get no reset). */
function isImageLine(line: string): boolean {
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

export class FlatFrame {
  /** pi-tui's `previousLines` as of the last frame drawn here or taken over. */
  #drawn: string[] | undefined;
  /** The composed line (before the marker was stripped) behind each drawn row. */
  #composed: string[] = [];
  /** The row the marker was stripped from (-1: none); its drawn line differs. */
  #cursor = -1;

  /** Whether `previous` (pi-tui's `previousLines`) is what this frame knows. */
  drew(previous: readonly string[]): boolean {
    return previous === this.#drawn && previous.length > 0;
  }

  /** Takes over after pi-tui drew `drawn` from `composed` (its own frame). */
  took(drawn: string[], composed: readonly string[], cursor: number): void {
    // Images are pi-tui's to place and delete.
    if (drawn.length !== composed.length || drawn.some(isImageLine)) return this.forget();
    this.#drawn = drawn;
    this.#composed = composed.slice();
    this.#cursor = cursor;
  }

  /** The screen is not ours (an overlay): pi-tui draws until it takes over again. */
  forget(): void {
    this.#drawn = undefined;
    this.#composed = [];
    this.#cursor = -1;
  }

  /**
   * Draws `lines`, whose rows before `changed` hold the lines of the last
   * frame. Returns the rows looked at, or undefined (nothing written, no
   * state changed) when pi-tui's frame must draw this one. Only called
   * when {@linkcode drew} and with the last frame's width, height and no
   * overlay.
   */
  draw(pi: PiFrameState, terminal: Terminal, lines: readonly string[], changed: number) {
    const drawn = this.#drawn;
    if (!drawn) return undefined;
    const composed = this.#composed;
    const width = terminal.columns;
    const height = terminal.rows;
    const count = lines.length;
    const before = drawn.length;
    // pi-tui: "Content shrunk below the working area": a full redraw.
    if (pi.clearOnShrink && count < pi.maxLinesRendered) return undefined;

    // pi-tui's extractCursorPosition, then applyLineResets, from `from` on.
    const cursor = cursorRow(lines, height);
    let from = Math.min(changed, count, before);
    if (cursor !== -1 && cursor < from) from = cursor;
    if (this.#cursor !== -1 && this.#cursor < from) from = this.#cursor;
    let position: { row: number; col: number } | null = null;
    const fresh: string[] = [];
    for (let i = from; i < count; i++) {
      let line = lines[i];
      if (i !== cursor && i !== this.#cursor && i < before && line === composed[i]) {
        fresh.push(drawn[i]);
        continue;
      }
      if (i === cursor) {
        const at = line.indexOf(CURSOR_MARKER);
        position = { row: i, col: visibleWidth(line.slice(0, at)) };
        line = line.slice(0, at) + line.slice(at + CURSOR_MARKER.length);
      }
      if (isImageLine(line)) return undefined;
      fresh.push(pi.applyLineResets([line])[0]);
    }

    // pi-tui's comparison, from `from` on (the rows before are the same).
    let firstChanged = -1;
    let lastChanged = -1;
    const maxLines = Math.max(count, before);
    for (let i = from; i < maxLines; i++) {
      const oldLine = i < before ? drawn[i] : "";
      const newLine = i < count ? fresh[i - from] : "";
      if (oldLine !== newLine) {
        if (firstChanged === -1) firstChanged = i;
        lastChanged = i;
      }
    }
    const appendedLines = count > before;
    if (appendedLines) {
      if (firstChanged === -1) firstChanged = before;
      lastChanged = count - 1;
    }
    const appendStart = appendedLines && firstChanged === before && firstChanged > 0;
    const rows = maxLines - from;

    let prevViewportTop = pi.previousViewportTop;
    let viewportTop = prevViewportTop;
    let hardwareCursorRow = pi.hardwareCursorRow;
    const computeLineDiff = (targetRow: number) =>
      (targetRow - viewportTop) - (hardwareCursorRow - prevViewportTop);
    const commit = () => {
      for (let i = from; i < count; i++) {
        drawn[i] = fresh[i - from];
        composed[i] = lines[i];
      }
      drawn.length = count;
      composed.length = count;
      this.#cursor = cursor;
      pi.previousLines = drawn;
      pi.previousKittyImageIds = new Set();
      pi.previousWidth = width;
      pi.previousHeight = height;
    };

    // No changes: pi-tui keeps its previous lines (equal to the fresh ones).
    if (firstChanged === -1) {
      for (let i = from; i < count; i++) composed[i] = lines[i];
      this.#cursor = cursor;
      pi.positionHardwareCursor(position, count);
      pi.previousViewportTop = prevViewportTop;
      pi.previousHeight = height;
      return rows;
    }

    // All changes are in deleted lines (nothing to render, just clear).
    if (firstChanged >= count) {
      if (before > count) {
        const targetRow = Math.max(0, count - 1);
        const extraLines = before - count;
        if (targetRow < prevViewportTop || extraLines > height) return undefined;
        let buffer = "\x1b[?2026h";
        const lineDiff = computeLineDiff(targetRow);
        if (lineDiff > 0) buffer += `\x1b[${lineDiff}B`;
        else if (lineDiff < 0) buffer += `\x1b[${-lineDiff}A`;
        buffer += "\r";
        if (extraLines > 0) buffer += "\x1b[1B";
        for (let i = 0; i < extraLines; i++) {
          buffer += "\r\x1b[2K";
          if (i < extraLines - 1) buffer += "\x1b[1B";
        }
        if (extraLines > 0) buffer += `\x1b[${extraLines}A`;
        buffer += "\x1b[?2026l";
        terminal.write(buffer);
        pi.cursorRow = targetRow;
        pi.hardwareCursorRow = targetRow;
      }
      pi.positionHardwareCursor(position, count);
      commit();
      pi.previousViewportTop = prevViewportTop;
      return rows;
    }

    // A change above the screen: pi-tui redraws everything.
    if (firstChanged < prevViewportTop) return undefined;
    const renderEnd = Math.min(lastChanged, count - 1);
    // A line wider than the terminal: pi-tui logs every line and throws.
    for (let i = firstChanged; i <= renderEnd; i++) {
      if (!fits(fresh[i - from], width)) return undefined;
    }

    let buffer = "\x1b[?2026h";
    const prevViewportBottom = prevViewportTop + height - 1;
    const moveTargetRow = appendStart ? firstChanged - 1 : firstChanged;
    if (moveTargetRow > prevViewportBottom) {
      const currentScreenRow = Math.max(
        0,
        Math.min(height - 1, hardwareCursorRow - prevViewportTop),
      );
      const moveToBottom = height - 1 - currentScreenRow;
      if (moveToBottom > 0) buffer += `\x1b[${moveToBottom}B`;
      const scroll = moveTargetRow - prevViewportBottom;
      buffer += "\r\n".repeat(scroll);
      prevViewportTop += scroll;
      viewportTop += scroll;
      hardwareCursorRow = moveTargetRow;
    }
    const lineDiff = computeLineDiff(moveTargetRow);
    if (lineDiff > 0) buffer += `\x1b[${lineDiff}B`;
    else if (lineDiff < 0) buffer += `\x1b[${-lineDiff}A`;
    buffer += appendStart ? "\r\n" : "\r";
    for (let i = firstChanged; i <= renderEnd; i++) {
      if (i > firstChanged) buffer += "\r\n";
      buffer += "\x1b[2K" + fresh[i - from];
    }
    let finalCursorRow = renderEnd;
    if (before > count) {
      if (renderEnd < count - 1) {
        buffer += `\x1b[${count - 1 - renderEnd}B`;
        finalCursorRow = count - 1;
      }
      const extraLines = before - count;
      for (let i = count; i < before; i++) buffer += "\r\n\x1b[2K";
      buffer += `\x1b[${extraLines}A`;
    }
    buffer += "\x1b[?2026l";
    terminal.write(buffer);
    pi.cursorRow = Math.max(0, count - 1);
    pi.hardwareCursorRow = finalCursorRow;
    pi.maxLinesRendered = Math.max(pi.maxLinesRendered, count);
    pi.previousViewportTop = Math.max(prevViewportTop, finalCursorRow - height + 1);
    pi.positionHardwareCursor(position, count);
    commit();
    return rows;
  }
}
