/**
 * A pi-tui {@linkcode TUI} whose cost per frame is the rows that changed,
 * however long the transcript grows.
 *
 * pi-tui's frame renders every component into one new array of lines, then
 * walks all of them: it strips the cursor marker, appends a reset sequence
 * to every line, compares every line with the last frame's and scans every
 * line for image ids. With 1,000 messages (~7,000 lines) that is most of
 * the cost of a streamed token, and it grows with the transcript.
 *
 * FlatTUI keeps the composed lines across frames instead. The transcript
 * tells which of its rows changed since the last frame (see `RenderSince`
 * in components/lines.ts: the blocks from the first one that reported a
 * change on); the few components below it are asked every frame and
 * compared row by row. The frame then looks only at the rows from the
 * first changed one on (and the cursor's row): {@linkcode FlatFrame}
 * compares them with what is on screen, rewrites the band of rows that
 * differ and updates pi-tui's frame state to match. Whatever it does not
 * cover (the first frame, a resize, overlays, images, a change above the
 * screen, a shrink with clear-on-shrink, a line wider than the terminal)
 * goes to pi-tui's own frame, unchanged. The bytes written differ from
 * pi-tui's, the screen they leave does not (a test replays both into a
 * terminal emulator, frame by frame).
 *
 * The frame state FlatTUI reads and advances is private in pi-tui; it is
 * reached only through pi_private.ts. If a later version renames it, FlatTUI
 * leaves every frame to pi-tui (correct, only slower) and
 * {@linkcode FlatTUI.flat} says so (a test checks it).
 *
 * @module
 */

import type { Component, Terminal } from "@mariozechner/pi-tui";
import { truncateToWidth, TUI } from "./pi.ts";
import { hasRenderSince, type RenderToken } from "./components/lines.ts";
import { cursorRow, fits, FlatFrame, isImageLine } from "./flat_frame.ts";
import { piFrame, type PiFrameState, piFrameState, replaceFrame } from "./pi_private.ts";

/** What the last frame did (tests, bench). */
export interface FrameStats {
  /** Whether FlatFrame drew it (false: pi-tui's whole-buffer frame). */
  flat: boolean;
  /** Rows the frame looked at. */
  rows: number;
}

/** pi-tui's PI_TUI_DEBUG (read once here; pi-tui reads it every frame). */
function debugging(): boolean {
  try {
    return Deno.env.get("PI_TUI_DEBUG") === "1";
  } catch {
    return false; // no env permission: pi-tui's frame could not read it either
  }
}

export class FlatTUI extends TUI {
  /** Whether pi-tui had the frame state FlatTUI draws with (false: plain pi-tui). */
  readonly flat: boolean;
  readonly lastFrame: FrameStats = { flat: false, rows: 0 };
  #pi: PiFrameState | undefined;
  #piFrame: () => void;
  #frame = new FlatFrame();
  // pi-tui writes one debug file per frame with every line: its frame does it.
  #debug = debugging();

  /** The children's lines as of the last compose, kept across frames. */
  #lines: string[] = [];
  #width = -1;
  #children: Component[] = [];
  /** Per child: its first row and (a `RenderSince` child) its last token. */
  #starts: number[] = [];
  #tokens: (RenderToken | undefined)[] = [];
  #drawn: PromiseWithResolvers<void> | undefined;
  /** The first row whose line changed since the last frame. */
  #changed = 0;

  constructor(terminal: Terminal, showHardwareCursor?: boolean) {
    super(terminal, showHardwareCursor);
    this.#piFrame = piFrame(this);
    this.#pi = piFrameState(this);
    this.flat = this.#pi !== undefined;
    replaceFrame(this, () => {
      try {
        this.#render();
      } finally {
        this.#drawn?.resolve();
        this.#drawn = undefined;
      }
    });
  }

  /**
   * Settles once the next frame has been written: what may wait until the
   * screen is up (the interactive mode loads its markdown renderer then).
   */
  nextFrame(): Promise<void> {
    return (this.#drawn ??= Promise.withResolvers<void>()).promise;
  }

  /** The children's lines (a new array: pi-tui edits it in place). */
  override render(width: number): string[] {
    this.#compose(width);
    return this.#lines.slice();
  }

  /**
   * Asks the children what changed, without drawing or copying: a frame's
   * share of the components' work (the bench's "components only").
   */
  compose(width: number): void {
    this.#compose(width);
  }

  /**
   * Brings `#lines` up to date, noting the first row that changed. Rows are
   * compared as strings, so a component returning equal lines in a new
   * array changes nothing; a `RenderSince` child is not even walked before
   * the row it says changed.
   */
  #compose(width: number): void {
    const children = this.children;
    const same = width === this.#width && children.length === this.#children.length &&
      children.every((child, i) => child === this.#children[i]);
    if (!same) {
      this.#children = children.slice();
      this.#starts = [];
      this.#tokens = [];
      this.#width = width;
    }
    const lines = this.#lines;
    let changed = Number.MAX_SAFE_INTEGER;
    let row = 0;
    const put = (raw: string) => {
      // pi-tui ends the program on a line wider than the terminal (it throws from its frame):
      // whatever a component got wrong, the row is cut to fit instead.
      const line = fits(raw, width) || isImageLine(raw) ? raw : truncateToWidth(raw, width, "");
      if (lines[row] !== line) {
        if (row < changed) changed = row;
        lines[row] = line;
      }
      row++;
    };
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const start = row;
      if (hasRenderSince(child)) {
        // Its rows moved: the ones it kept are not where they were.
        const since = same && this.#starts[i] === start ? this.#tokens[i] : undefined;
        const result = child.renderSince(width, since);
        this.#tokens[i] = result.token;
        row = start + result.from;
        for (const part of result.parts) for (const line of part) put(line);
      } else {
        for (const line of child.render(width)) put(line);
      }
      this.#starts[i] = start;
    }
    if (row !== lines.length) {
      changed = Math.min(changed, row, lines.length);
      lines.length = row;
    }
    this.#changed = Math.min(this.#changed, changed);
  }

  /** One frame: FlatFrame when it covers the case, else pi-tui's. */
  #render(): void {
    const pi = this.#pi;
    if (!pi || pi.stopped) return this.#piFrame();
    const width = this.terminal.columns;
    const ready = !this.#debug && pi.overlayStack.length === 0 && pi.previousWidth === width &&
      pi.previousHeight === this.terminal.rows && this.#frame.drew(pi.previousLines);
    if (!ready) return this.#fullFrame();
    this.#compose(width);
    const rows = this.#frame.draw(pi, this.terminal, this.#lines, this.#changed);
    if (rows === undefined) return this.#fullFrame();
    this.#changed = Number.MAX_SAFE_INTEGER;
    this.lastFrame.flat = true;
    this.lastFrame.rows = rows;
  }

  /** pi-tui's frame, then FlatFrame takes over from what it drew. */
  #fullFrame(): void {
    this.#piFrame();
    const pi = this.#pi;
    this.#changed = Number.MAX_SAFE_INTEGER;
    this.lastFrame.flat = false;
    this.lastFrame.rows = this.#lines.length;
    if (!pi || pi.stopped) return;
    // With an overlay drawn over them, the rows on screen are not ours.
    if (pi.overlayStack.length > 0) this.#frame.forget();
    else {this.#frame.took(
        pi.previousLines,
        this.#lines,
        cursorRow(this.#lines, this.terminal.rows),
      );}
  }
}
