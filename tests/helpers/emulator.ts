/**
 * A terminal emulator in memory (xterm.js, headless) for tests that judge
 * what a program's output shows rather than which bytes it wrote: two
 * writers that leave the same screen are equivalent however they got there.
 *
 * @module
 */

import xterm from "@xterm/headless";

/** What a terminal shows: every row (scrollback too, styles included) and the cursor. */
export interface ScreenState {
  rows: string[];
  /** Rows scrolled off the top. */
  scrolled: number;
  cursor: { row: number; col: number; hidden: boolean };
}

export class Emulator {
  readonly #term: InstanceType<typeof xterm.Terminal>;

  constructor(columns: number, rows: number) {
    this.#term = new xterm.Terminal({
      cols: columns,
      rows,
      scrollback: 10_000,
      allowProposedApi: true,
    });
  }

  /** Feeds output; resolves once the emulator has parsed it. */
  write(data: string): Promise<void> {
    return new Promise((resolve) => this.#term.write(data, resolve));
  }

  resize(columns: number, rows: number): void {
    if (columns !== this.#term.cols || rows !== this.#term.rows) this.#term.resize(columns, rows);
  }

  state(): ScreenState {
    const buffer = this.#term.buffer.active;
    const rows: string[] = [];
    const cell = buffer.getNullCell();
    for (let y = 0; y < buffer.length; y++) {
      const line = buffer.getLine(y);
      if (!line) continue;
      let text = "";
      let style = "";
      for (let x = 0; x < line.length; x++) {
        line.getCell(x, cell);
        const now = [
          cell.getFgColorMode(),
          cell.getFgColor(),
          cell.getBgColorMode(),
          cell.getBgColor(),
          cell.isBold(),
          cell.isItalic(),
          cell.isDim(),
          cell.isUnderline(),
          cell.isInverse(),
          cell.isStrikethrough(),
        ].map(Number).join(",");
        if (now !== style) {
          text += `{${now}}`;
          style = now;
        }
        text += cell.getChars() || (cell.getWidth() === 0 ? "" : " ");
      }
      rows.push(text.replace(/ +$/, ""));
    }
    // deno-lint-ignore no-explicit-any
    const core = (this.#term as any)._core;
    const hidden = Boolean(core?.coreService?.isCursorHidden);
    return {
      rows,
      scrolled: buffer.baseY,
      cursor: { row: buffer.cursorY, col: buffer.cursorX, hidden },
    };
  }

  dispose(): void {
    this.#term.dispose();
  }
}
