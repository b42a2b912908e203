/**
 * Colour themes: named roles (fg, muted, accent, error…) resolved to ANSI
 * styles once, so components ask for `paint.error(text)` and never for a
 * colour number. The default is a dark palette in xterm-256 colours; the
 * other built-in themes are in builtin_themes.ts.
 *
 * @module
 */

import { bg, bold, type Color, fg, plain, type Style } from "./ansi.ts";

export const COLOR_ROLES = [
  "fg",
  "muted",
  "accent",
  "user",
  "assistant",
  "tool",
  "tool_out",
  "error",
  "warning",
  "success",
  "spinner",
  "selection_bg",
  "selection_fg",
] as const;

export type ColorRole = typeof COLOR_ROLES[number];

export type ThemeColors = Record<ColorRole, Color>;

export interface Theme {
  name: string;
  description?: string;
  colors: ThemeColors;
  /** Syntax colours for code blocks (keyword, string, number, comment, function, type). */
  syntax: Partial<Record<SyntaxRole, Color>>;
  /** Spinner frames and their interval (theme.json `spinner_frames`, `spinner_interval_ms`). */
  spinner?: { frames: string[]; intervalMs: number };
}

export const DEFAULT_SPINNER = {
  frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
  intervalMs: 80,
};

export type SyntaxRole = "keyword" | "string" | "number" | "comment" | "function" | "type";

/** The built-in dark palette, used unless another theme is chosen. */
export const DEFAULT_THEME: Theme = {
  name: "dark",
  description: "for dark terminal backgrounds (the default)",
  colors: {
    fg: 252,
    muted: 244,
    accent: 75,
    user: 117,
    assistant: 252,
    tool: 179,
    tool_out: 246,
    error: 203,
    warning: 214,
    success: 114,
    spinner: 75,
    selection_bg: 24,
    selection_fg: 255,
  },
  syntax: { keyword: 176, string: 150, number: 215, comment: 243, function: 111, type: 80 },
};

/** A theme resolved to styles. */
export interface Paint {
  readonly theme: Theme;
  fg: Style;
  muted: Style;
  accent: Style;
  user: Style;
  assistant: Style;
  tool: Style;
  toolOut: Style;
  error: Style;
  warning: Style;
  success: Style;
  spinner: Style;
  /** Selected row: selection colours on both layers. */
  selected: Style;
  bold: Style;
  syntax: Record<SyntaxRole, Style>;
}

export function paintOf(theme: Theme, options: { color?: boolean } = {}): Paint {
  const on = options.color !== false;
  const c = (role: ColorRole): Style => on ? fg(theme.colors[role]) : plain;
  const selFg = c("selection_fg");
  const selBg = on ? bg(theme.colors.selection_bg) : plain;
  const syntax = {} as Record<SyntaxRole, Style>;
  for (const role of ["keyword", "string", "number", "comment", "function", "type"] as const) {
    const color = theme.syntax[role];
    syntax[role] = on && color !== undefined ? fg(color) : plain;
  }
  return {
    theme,
    fg: c("fg"),
    muted: c("muted"),
    accent: c("accent"),
    user: c("user"),
    assistant: c("assistant"),
    tool: c("tool"),
    toolOut: c("tool_out"),
    error: c("error"),
    warning: c("warning"),
    success: c("success"),
    spinner: c("spinner"),
    selected: (text) => selBg(selFg(text)),
    bold: on ? bold : plain,
    syntax,
  };
}

/**
 * A Paint whose styles follow `current()` at call time, so components built
 * once pick up a theme switch on their next render.
 */
export function livePaint(current: () => Paint): Paint {
  const style = (pick: (p: Paint) => Style): Style => (text) => pick(current())(text);
  const syntax = {} as Record<SyntaxRole, Style>;
  for (const role of ["keyword", "string", "number", "comment", "function", "type"] as const) {
    syntax[role] = style((p) => p.syntax[role]);
  }
  return {
    get theme() {
      return current().theme;
    },
    fg: style((p) => p.fg),
    muted: style((p) => p.muted),
    accent: style((p) => p.accent),
    user: style((p) => p.user),
    assistant: style((p) => p.assistant),
    tool: style((p) => p.tool),
    toolOut: style((p) => p.toolOut),
    error: style((p) => p.error),
    warning: style((p) => p.warning),
    success: style((p) => p.success),
    spinner: style((p) => p.spinner),
    selected: style((p) => p.selected),
    bold: style((p) => p.bold),
    syntax,
  };
}
