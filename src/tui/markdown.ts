/**
 * pi-tui Markdown and editor themes built from a {@linkcode Paint}.
 *
 * @module
 */

import type { EditorTheme, MarkdownTheme, SelectListTheme } from "@mariozechner/pi-tui";
import { italic, strike, underline } from "./ansi.ts";
import { highlightCode } from "./highlight.ts";
import type { Paint } from "./theme.ts";

export function markdownTheme(paint: Paint): MarkdownTheme {
  return {
    heading: (t) => paint.bold(paint.accent(t)),
    link: paint.accent,
    linkUrl: paint.muted,
    code: paint.syntax.string,
    codeBlock: paint.fg,
    codeBlockBorder: paint.muted,
    quote: paint.muted,
    quoteBorder: paint.muted,
    hr: paint.muted,
    listBullet: paint.accent,
    bold: paint.bold,
    italic,
    strikethrough: strike,
    underline,
    highlightCode: (code, lang) => highlightCode(paint, code, lang),
  };
}

export function selectListTheme(paint: Paint): SelectListTheme {
  return {
    selectedPrefix: paint.accent,
    selectedText: paint.accent,
    description: paint.muted,
    scrollInfo: paint.muted,
    noMatch: paint.muted,
  };
}

export function editorTheme(paint: Paint): EditorTheme {
  return { borderColor: paint.muted, selectList: selectListTheme(paint) };
}
