/**
 * The prompt editor: pi-tui's Editor, kept from a terminal too narrow for
 * it. With fewer than two columns to lay text out in, pi-tui's word wrap
 * recurses forever on a wide character (CJK, emoji) and the stack overflow
 * ends zot; a split pane dragged small is enough. At such a width the
 * editor draws nothing until the terminal is wide enough again; its text
 * and cursor are kept.
 *
 * Text put into the editor by code rather than typed (an extension command's `insert` answer, a
 * queued prompt given back, the prompt from the command line) is made safe first: the editor
 * draws its text as is, so an escape sequence in it would act on the terminal.
 *
 * @module
 */

import { Editor } from "../pi.ts";
import { safeText } from "../../safe_text.ts";

/** The columns pi-tui 0.73's Editor lays text out in at `width` (its `render`). */
export function editorLayoutWidth(width: number, paddingX: number): number {
  const padding = Math.min(paddingX, Math.max(0, Math.floor((width - 1) / 2)));
  const content = Math.max(1, width - padding * 2);
  return Math.max(1, content - (padding ? 0 : 1));
}

export class PromptEditor extends Editor {
  override render(width: number): string[] {
    // A wide character needs two columns.
    return editorLayoutWidth(width, this.getPaddingX()) < 2 ? [] : super.render(width);
  }

  override insertTextAtCursor(text: string): void {
    super.insertTextAtCursor(safeText(text, { lines: true }));
  }

  override setText(text: string): void {
    super.setText(safeText(text, { lines: true }));
  }
}
