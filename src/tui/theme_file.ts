/**
 * `theme.json` (as the reference host does): every field optional; colours as
 * xterm-256 ints, `"#rrggbb"`, `{"mode":"256"|"ansi","index":n}` or
 * `{"mode":"rgb","r","g","b"}`; overrides shared, per `dark`/`light` mode,
 * or at the top level. Unknown keys are ignored; a bad value is reported
 * and skipped, never fatal.
 *
 * @module
 */

import type { Color } from "./ansi.ts";
import {
  COLOR_ROLES,
  type ColorRole,
  DEFAULT_THEME,
  type SyntaxRole,
  type Theme,
} from "./theme.ts";
import { isRecord } from "../is_record.ts";

export interface ThemeParse {
  value?: Theme;
  diagnostics: string[];
}

/** theme.json `syntax` keys and the part of a code block each colours. */
export const SYNTAX_KEYS: Readonly<Record<string, SyntaxRole>> = {
  keyword: "keyword",
  keyword_constant: "keyword",
  keyword_declaration: "keyword",
  keyword_type: "type",
  name_builtin: "type",
  name_function: "function",
  name_class: "type",
  literal_string: "string",
  literal_number: "number",
  comment: "comment",
};

function byte(v: unknown): number | undefined {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 255 ? v : undefined;
}

/** One colour value, or undefined when it is not one of the accepted forms. */
export function parseColor(v: unknown): Color | undefined {
  if (typeof v === "number") return byte(v);
  if (typeof v === "string") {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})\b/i.exec(v.trim());
    if (!m) return undefined;
    return { r: parseInt(m[1], 16), g: parseInt(m[2], 16), b: parseInt(m[3], 16) };
  }
  if (isRecord(v)) {
    if (v.mode === "256" || v.mode === "ansi") return byte(v.index);
    if (v.mode === "rgb") {
      const [r, g, b] = [byte(v.r), byte(v.g), byte(v.b)];
      if (r !== undefined && g !== undefined && b !== undefined) return { r, g, b };
    }
  }
  return undefined;
}

function applyColors(
  target: Record<ColorRole, Color>,
  source: Record<string, unknown>,
  out: string[],
) {
  for (const role of COLOR_ROLES) {
    if (!(role in source)) continue;
    const color = parseColor(source[role]);
    if (color === undefined) out.push(`colour "${role}" is not a valid colour (skipped)`);
    else target[role] = color;
  }
}

/** Parses theme.json text for the dark mode (zot draws on dark backgrounds). */
export function parseThemeJson(text: string, fallbackName: string): ThemeParse {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { diagnostics: [`invalid JSON: ${e instanceof Error ? e.message : e}`] };
  }
  if (!isRecord(raw)) return { diagnostics: ["a theme must be a JSON object"] };
  const diagnostics: string[] = [];
  const colors = { ...DEFAULT_THEME.colors };
  applyColors(colors, raw, diagnostics);
  if (isRecord(raw.colors)) {
    applyColors(colors, raw.colors, diagnostics);
    if (isRecord(raw.colors.light)) applyColors(colors, raw.colors.light, []);
    if (isRecord(raw.colors.dark)) applyColors(colors, raw.colors.dark, diagnostics);
  }
  const syntax = { ...DEFAULT_THEME.syntax };
  if (isRecord(raw.syntax)) {
    for (const [key, value] of Object.entries(raw.syntax)) {
      const role = SYNTAX_KEYS[key];
      const color = parseColor(typeof value === "string" ? value.split(/\s+/)[0] : value);
      if (role && color !== undefined) syntax[role] = color;
    }
  }
  const name = typeof raw.name === "string" && raw.name.trim() ? raw.name.trim() : fallbackName;
  const theme: Theme = { name, colors, syntax };
  const frames = Array.isArray(raw.spinner_frames)
    ? raw.spinner_frames.filter((f): f is string => typeof f === "string" && f !== "")
    : [];
  if (frames.length > 0) {
    const ms = raw.spinner_interval_ms;
    const intervalMs = typeof ms === "number" && ms >= 16 && ms <= 2000 ? ms : 80;
    theme.spinner = { frames, intervalMs };
  }
  if (typeof raw.description === "string") theme.description = raw.description;
  return { value: theme, diagnostics };
}
