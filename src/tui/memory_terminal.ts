/**
 * An in-memory pi-tui Terminal for tests and benchmarks: a fixed size, the
 * bytes written kept (or only counted), input fed by the caller.
 *
 * @module
 */

import type { Terminal } from "@mariozechner/pi-tui";

export class MemoryTerminal implements Terminal {
  columns: number;
  rows: number;
  /** Bytes written since the last `reset()`. */
  written = 0;
  /** What was written since the last `reset()` (when `keep`). */
  output = "";
  #keep: boolean;
  #input: ((data: string) => void) | undefined;

  constructor(columns = 100, rows = 40, options: { keep?: boolean } = {}) {
    this.columns = columns;
    this.rows = rows;
    this.#keep = options.keep ?? true;
  }

  get kittyProtocolActive(): boolean {
    return false;
  }

  start(onInput: (data: string) => void): void {
    this.#input = onInput;
  }

  stop(): void {
    this.#input = undefined;
  }

  drainInput(): Promise<void> {
    return Promise.resolve();
  }

  /** Types plain text, one character per input event (as a terminal delivers keys). */
  type(text: string): void {
    for (const ch of text) this.#input?.(ch);
  }

  /** Sends one key sequence as a single input event (`"\r"`, `"\x1b[A"`). */
  key(sequence: string): void {
    this.#input?.(sequence);
  }

  reset(): void {
    this.written = 0;
    this.output = "";
  }

  write(data: string): void {
    this.written += data.length;
    if (this.#keep) this.output += data;
  }

  moveBy(lines: number): void {
    if (lines > 0) this.write(`\x1b[${lines}B`);
    else if (lines < 0) this.write(`\x1b[${-lines}A`);
  }
  hideCursor(): void {
    this.write("\x1b[?25l");
  }
  showCursor(): void {
    this.write("\x1b[?25h");
  }
  clearLine(): void {
    this.write("\x1b[K");
  }
  clearFromCursor(): void {
    this.write("\x1b[J");
  }
  clearScreen(): void {
    this.write("\x1b[2J\x1b[H");
  }
  setTitle(): void {}
  setProgress(): void {}
}
