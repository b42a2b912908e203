/**
 * Terminal input → the panel key names of the extension protocol
 * (`panel_key.key`). Esc and Ctrl+C are the host's (they close the panel),
 * so callers check {@linkcode isPanelExit} first.
 *
 * @module
 */

import { decodeKittyPrintable, matchesKey, parseKey } from "./pi.ts";

/** The protocol's key names (mirrors `PanelKeyName`; src/tui imports nothing else). */
export type PanelKey =
  | "up"
  | "down"
  | "left"
  | "right"
  | "enter"
  | "esc"
  | "tab"
  | "backspace"
  | "delete"
  | "home"
  | "end"
  | "pageup"
  | "pagedown"
  | "rune"
  | "unknown";

const NAMED: Record<string, PanelKey> = {
  up: "up",
  down: "down",
  left: "left",
  right: "right",
  enter: "enter",
  return: "enter",
  tab: "tab",
  backspace: "backspace",
  delete: "delete",
  home: "home",
  end: "end",
  pageUp: "pageup",
  pageDown: "pagedown",
  space: "rune",
};

/** Whether the input closes a panel or dialog (Esc or Ctrl+C). */
export function isPanelExit(data: string): boolean {
  return matchesKey(data, "escape") || matchesKey(data, "ctrl+c");
}

/** The panel key for one input sequence; printable text becomes `rune` + `text`. */
export function panelKeyOf(data: string): { key: PanelKey; text?: string } {
  // parseKey misses the VT220 forms (ESC [1~ and ESC [4~) that tmux and screen send for Home
  // and End; matchesKey knows them, as the editor does.
  if (matchesKey(data, "home")) return { key: "home" };
  if (matchesKey(data, "end")) return { key: "end" };
  const id = parseKey(data);
  if (id !== undefined && NAMED[id]) {
    return NAMED[id] === "rune" ? { key: "rune", text: " " } : { key: NAMED[id] };
  }
  const printable = decodeKittyPrintable(data) ?? data;
  // One printable character (a grapheme may span several code units).
  // deno-lint-ignore no-control-regex
  if (printable !== "" && [...printable].length === 1 && !/[\x00-\x1f\x7f]/.test(printable)) {
    return { key: "rune", text: printable };
  }
  return { key: "unknown" };
}
