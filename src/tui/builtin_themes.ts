/**
 * The themes zot ships: `dark` (the default), `light` for light terminal
 * backgrounds, and `high-contrast`, which uses the terminal's own bright
 * base colours (0-15) so it follows the user's palette and stays readable
 * where the 256-colour greys are too faint. All are xterm-256 indexes, as a
 * theme file may give them.
 *
 * @module
 */

import { DEFAULT_THEME, type Theme } from "./theme.ts";

export const LIGHT_THEME: Theme = {
  name: "light",
  description: "for light terminal backgrounds",
  colors: {
    fg: 235,
    muted: 242,
    accent: 25,
    user: 24,
    assistant: 235,
    tool: 130,
    tool_out: 240,
    error: 160,
    warning: 166,
    success: 28,
    spinner: 25,
    selection_bg: 153,
    selection_fg: 16,
  },
  syntax: { keyword: 90, string: 28, number: 130, comment: 245, function: 25, type: 30 },
};

export const HIGH_CONTRAST_THEME: Theme = {
  name: "high-contrast",
  description: "bright base colours, no greys (dark backgrounds)",
  colors: {
    fg: 15,
    muted: 7,
    accent: 14,
    user: 11,
    assistant: 15,
    tool: 13,
    tool_out: 7,
    error: 9,
    warning: 11,
    success: 10,
    spinner: 14,
    selection_bg: 11,
    selection_fg: 0,
  },
  syntax: { keyword: 14, string: 10, number: 11, comment: 7, function: 15, type: 13 },
};

/** Every built-in theme, the default first (the order `/theme` lists them in). */
export const BUILTIN_THEMES: readonly Theme[] = [DEFAULT_THEME, LIGHT_THEME, HIGH_CONTRAST_THEME];

/** Names a saved choice may still use for a built-in: zot's dark theme was once "default". */
const FORMER_NAMES: Record<string, string> = { default: DEFAULT_THEME.name };

/** The built-in theme called `name` (or a former name of one), if any. */
export function builtinTheme(name: string): Theme | undefined {
  const wanted = FORMER_NAMES[name] ?? name;
  return BUILTIN_THEMES.find((t) => t.name === wanted);
}
