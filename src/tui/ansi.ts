/**
 * ANSI SGR helpers for theme colours: xterm-256 indexes or 24-bit RGB.
 * Every helper resets only what it set, so styles can nest.
 *
 * @module
 */

import { safeText } from "../safe_text.ts";

/** An xterm-256 index or a 24-bit colour. */
export type Color = number | { r: number; g: number; b: number };

export type Style = (text: string) => string;

function code(color: Color, layer: 38 | 48): string {
  if (typeof color === "number") return `${layer};5;${color}`;
  return `${layer};2;${color.r};${color.g};${color.b}`;
}

export function fg(color: Color): Style {
  const open = `\x1b[${code(color, 38)}m`;
  return (text) => `${open}${text}\x1b[39m`;
}

export function bg(color: Color): Style {
  const open = `\x1b[${code(color, 48)}m`;
  return (text) => `${open}${text}\x1b[49m`;
}

export const bold: Style = (text) => `\x1b[1m${text}\x1b[22m`;
export const italic: Style = (text) => `\x1b[3m${text}\x1b[23m`;
export const underline: Style = (text) => `\x1b[4m${text}\x1b[24m`;
export const strike: Style = (text) => `\x1b[9m${text}\x1b[29m`;
export const plain: Style = (text) => text;

/** Whether a string already carries escape sequences (rendered as given). */
export function hasAnsi(text: string): boolean {
  return text.includes("\x1b[");
}

/** Drops SGR sequences (tests and width-independent comparisons). */
export function stripAnsi(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, "");
}

/**
 * Text from extensions, tools or the model, made safe to draw: tabs become
 * spaces and every escape or control character is dropped, except colour
 * (SGR) sequences when `keepColor` (panel lines, tool output). Cursor moves,
 * screen clears and OSC sequences could otherwise corrupt the screen. The
 * rule itself is zot's one terminal-text rule ({@linkcode safeText}); the
 * TUI only adds the fixed tab width its layout needs.
 */
export function sanitize(text: string, options: { keepColor?: boolean } = {}): string {
  return safeText(text.replaceAll("\t", "    "), { lines: true, keepColor: options.keepColor });
}
