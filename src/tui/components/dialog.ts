/**
 * A modal choice: a title, some context lines and a list of choices
 * (confirmation, model, theme and session pickers). Enter picks, Esc or
 * Ctrl+C cancels.
 *
 * @module
 */

import type { Component, SelectItem, SelectListTheme } from "@mariozechner/pi-tui";
import { SelectList, truncateToWidth } from "../pi.ts";
import { isPanelExit } from "../keys.ts";
import type { Paint } from "../theme.ts";
import { wrapStyled } from "./lines.ts";
import { sanitize } from "../ansi.ts";

export interface DialogSpec {
  title: string;
  lines?: string[];
  choices: SelectItem[];
  /** Index selected at first. */
  selected?: number;
}

export class ChoiceDialog implements Component {
  onChoose?: (value: string) => void;
  onCancel?: () => void;
  #paint: Paint;
  #spec: DialogSpec;
  #list: SelectList;

  constructor(paint: Paint, listTheme: SelectListTheme, spec: DialogSpec) {
    this.#paint = paint;
    // Titles, lines and choices quote tool arguments and extension text (a tool_prompt's
    // question, a session's first prompt): drawn only once made safe.
    const one = (t: string) => sanitize(t).replaceAll("\n", " ");
    spec = {
      ...spec,
      title: one(spec.title),
      lines: spec.lines?.flatMap((l) => sanitize(l).split("\n")),
      choices: spec.choices.map((c) => ({
        ...c,
        label: one(c.label),
        ...(c.description === undefined ? {} : { description: one(c.description) }),
      })),
    };
    this.#spec = spec;
    this.#list = new SelectList(spec.choices, Math.min(12, spec.choices.length), listTheme);
    if (spec.selected) this.#list.setSelectedIndex(spec.selected);
    this.#list.onSelect = (item) => this.onChoose?.(item.value);
    this.#list.onCancel = () => this.onCancel?.();
  }

  handleInput(data: string): void {
    if (isPanelExit(data)) {
      this.onCancel?.();
      return;
    }
    this.#list.handleInput(data);
  }

  invalidate(): void {
    this.#list.invalidate();
  }

  render(width: number): string[] {
    const p = this.#paint;
    const lines = ["", p.accent("─".repeat(width))];
    lines.push(...wrapStyled(this.#spec.title, width, (t) => p.bold(p.fg(t))));
    for (const line of this.#spec.lines ?? []) {
      lines.push(...wrapStyled(line, width, p.muted, "  "));
    }
    lines.push("");
    // pi-tui's list leaves its arrow whole on a very narrow terminal.
    lines.push(...this.#list.render(width).map((l) => truncateToWidth(l, width)));
    lines.push(truncateToWidth(p.muted("enter to choose · esc to cancel"), width));
    return lines;
  }
}
