/**
 * Global keys while the editor has focus: Esc aborts the running turn
 * (queued prompts the user typed come back to the editor) and clears
 * notes; Ctrl+C aborts the running turn, else clears a draft in the editor
 * (Ctrl+- undoes that), else (pressed twice in a row) exits; Ctrl+O expands or collapses tool output; Ctrl+G gives an open
 * panel without focus the keyboard. Dialogs and panels get
 * their keys first (they have the focus).
 *
 * @module
 */

import { matchesKey } from "../../tui/pi.ts";
import type { Controller } from "./controller.ts";
import type { Screen } from "./screen.ts";
import { PANEL_FOCUS_KEY } from "./panel.ts";
import type { StatusLine } from "./status.ts";

export interface KeyActions {
  screen: Screen;
  controller: Controller;
  status: StatusLine;
  /** Gives an open panel without focus the keyboard; false when there is none. */
  focusPanel(): boolean;
  exit(): void;
}

/** The status after an abort: where the queued prompts went. */
function abortedText(restored: number): string {
  if (restored === 0) return "aborted";
  const what = restored === 1 ? "the queued prompt is" : `${restored} queued prompts are`;
  return `aborted; ${what} back in the editor`;
}

/** The status after Ctrl+C cleared a draft. */
export const DRAFT_CLEARED = "editor cleared (ctrl+- brings it back; ctrl+c twice exits)";

export function globalKeys(a: KeyActions): (data: string) => { consume: true } | undefined {
  let ctrlC = 0;
  let expanded = false;
  return (data) => {
    const { screen } = a;
    if (screen.hasDialog || screen.panelHasFocus) return undefined;
    if (matchesKey(data, PANEL_FOCUS_KEY) && a.focusPanel()) return { consume: true };
    const isCtrlC = matchesKey(data, "ctrl+c");
    if (!isCtrlC) ctrlC = 0;
    if (isCtrlC) {
      // A running turn stops at the first press; the second exits.
      const aborted = ctrlC === 0 ? a.controller.abort() : undefined;
      if (aborted) {
        ctrlC = 1;
        // With text in the editor the next press clears it, not exits.
        const hint = screen.editor.getText() === "" ? " (press ctrl+c again to exit)" : "";
        a.status.show(abortedText(aborted.restored) + hint, "info", 3000);
        return { consume: true };
      }
      if (screen.editor.getText() !== "") {
        // Clearing is a step of its own: exiting still takes two more presses, and the draft is
        // one undo away (the editor's setText is undoable), which the status says.
        ctrlC = 0;
        screen.editor.setText("");
        a.status.show(DRAFT_CLEARED, "info", 4000);
        screen.render();
        return { consume: true };
      }
      ctrlC++;
      if (ctrlC >= 2) a.exit();
      else a.status.show("press ctrl+c again to exit", "info", 3000);
      return { consume: true };
    }
    if (matchesKey(data, "escape")) {
      if (screen.editor.isShowingAutocomplete()) return undefined;
      const aborted = a.controller.abort();
      screen.notes.clear();
      if (aborted) a.status.show(abortedText(aborted.restored), "info", 3000);
      screen.render();
      return { consume: true };
    }
    if (matchesKey(data, "ctrl+o")) {
      expanded = !expanded;
      for (const tool of screen.transcript.tools()) tool.setExpanded(expanded);
      screen.render();
      return { consume: true };
    }
    return undefined;
  };
}
