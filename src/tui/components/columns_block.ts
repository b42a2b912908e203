/**
 * A listing in two columns (`/help`, `/tools`): titled sections of
 * `name  text` rows, the names padded to the longest, and a text that does
 * not fit wrapped under its own column, so the listing stays aligned however
 * narrow the terminal. Too narrow for both columns side by side, a row's
 * text goes under its name, indented.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { truncateToWidth, visibleWidth } from "../pi.ts";
import { sanitize, type Style } from "../ansi.ts";
import { LineCache, type Watched, wrapStyled } from "./lines.ts";

export interface ColumnsSection {
  title: string;
  rows: readonly (readonly [string, string])[];
}

/** The text column is at least this wide, else texts go under their names. */
export const MIN_TEXT_COLUMNS = 16;
const INDENT = "  ";
const GAP = "  ";

export class ColumnsBlock implements Component, Watched {
  #sections: ColumnsSection[];
  #style: Style;
  #cache = new LineCache(() => this.onChange?.());
  onChange: (() => void) | undefined;

  constructor(sections: readonly ColumnsSection[], style: Style) {
    // Names and texts can come from extensions: made safe once, here.
    this.#sections = sections.map((s) => ({
      title: sanitize(s.title),
      rows: s.rows.map(([name, text]) => [sanitize(name), sanitize(text)] as const),
    }));
    this.#style = style;
  }

  invalidate(): void {
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    return this.#cache.get(width, () => {
      const names = this.#sections.flatMap((s) => s.rows.map(([name]) => visibleWidth(name)));
      const nameWidth = Math.max(0, ...names);
      const lead = visibleWidth(INDENT) + nameWidth + visibleWidth(GAP);
      const sideBySide = width - lead >= MIN_TEXT_COLUMNS;
      const lines = [""];
      for (const section of this.#sections) {
        lines.push(...wrapStyled(section.title, width, this.#style));
        for (const [name, text] of section.rows) {
          lines.push(...this.#row(name, text, width, {
            nameWidth,
            lead,
            sideBySide,
          }));
        }
      }
      return lines;
    });
  }

  #row(
    name: string,
    text: string,
    width: number,
    at: { nameWidth: number; lead: number; sideBySide: boolean },
  ): string[] {
    const style = this.#style;
    if (!at.sideBySide) {
      const head = truncateToWidth(style(INDENT + name), width);
      if (text === "") return [head];
      return [head, ...wrapStyled(text, width, style, INDENT.repeat(3))];
    }
    const pad = " ".repeat(at.nameWidth - visibleWidth(name));
    const body = text === "" ? [""] : wrapStyled(text, width - at.lead, style);
    return body.map((line, i) =>
      (i === 0 ? style(INDENT + name + pad + GAP) : " ".repeat(at.lead)) + line
    );
  }
}
