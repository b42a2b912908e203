/**
 * What the extension host needs from the mode it runs in. The TUI fills every
 * method; print/JSON write notes to stderr; RPC turns them into `ext_*`
 * events. Methods are fire-and-forget.
 *
 * @module
 */

import type { PanelSpec } from "../protocol/frames.ts";
import { safeText } from "../safe_text.ts";
import { type Diagnostic, diagnosticText } from "../diagnostic.ts";

export interface PanelOpenOptions {
  focus?: boolean;
}

export interface HostUi {
  /** Whether interactive tools and panels can work here. */
  readonly interactive: boolean;
  notify(extension: string, level: string, message: string): void;
  display(extension: string, text: string): void;
  clearNotes(extension: string): void;
  /** Spontaneous `submit` (already trimmed and non-empty): always a prompt, never a command. */
  submit(extension: string, text: string): void;
  /**
   * `submit_slash`, already resolved to the extension command `command`
   * (canonical spelling): run it as if typed. There is deliberately no way
   * to hand over slash text, so no extension frame can reach a built-in.
   */
  runCommand(extension: string, command: string, args: string): void;
  /**
   * `open_panel`. `focus` is true only while the extension answers something the user asked of
   * it (a command the user ran, an interactive tool call): only then may the panel take the
   * keyboard; otherwise it is shown, and the user gives it the keyboard.
   */
  openPanel(extension: string, panel: PanelSpec, options?: PanelOpenOptions): void;
  renderPanel(extension: string, panel: PanelSpec): void;
  closePanel(extension: string, panelId: string): void;
  /**
   * What the host has to say about an extension while it runs (a failed before_agent_start, a
   * refused frame, a gate that went down), as the diagnostic it raised: each mode words it.
   */
  warn(diagnostic: Diagnostic): void;
}

/** The note level a host diagnostic shows with: `warn` unless it is only information. */
export function noteLevel(d: Diagnostic): "info" | "warn" {
  return d.severity === "info" ? "info" : "warn";
}

/** A UI that shows nothing (doctor, tests). */
export const SILENT_UI: HostUi = {
  interactive: false,
  notify() {},
  display() {},
  clearNotes() {},
  submit() {},
  runCommand() {},
  openPanel() {},
  renderPanel() {},
  closePanel() {},
  warn() {},
};

/**
 * Print / JSON modes: notes to stderr as `[ext] level: message`, the rest ignored. The level
 * and message come from the extension: made safe here (line feeds kept in the message), so the
 * note cannot act on the terminal whatever writer it goes to.
 */
export function stderrUi(write: (line: string) => void): HostUi {
  const note = (ext: string, level: string, message: string) =>
    write(`[${safeText(ext)}] ${safeText(level)}: ${safeText(message, { lines: true })}`);
  return {
    ...SILENT_UI,
    notify: note,
    display(ext, text) {
      note(ext, "info", text);
    },
    warn(d) {
      note(d.extension ?? "zot", noteLevel(d), diagnosticText(d));
    },
  };
}
