/**
 * Extension notes: a block under the transcript, one line per note, each
 * `[<label>] ` in the accent colour then the text coloured by level
 * (info muted, warn warning, error red, success green). The label is the
 * extension's name, except for a command's `display` (the command's name);
 * ownership, which `clear_notes` goes by, is always the extension.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { truncateToWidth, visibleWidth } from "../pi.ts";
import { sanitize, type Style } from "../ansi.ts";
import type { Paint } from "../theme.ts";
import { LineCache, padTo, wrapStyled } from "./lines.ts";

export interface Note {
  /** The owner: `clear(extension)` removes its notes. */
  extension: string;
  /** What the `[…]` prefix shows. */
  label: string;
  level: string;
  text: string;
}

/** Notes shown at most; older ones scroll away. */
export const MAX_NOTES = 50;

export class NotesView implements Component {
  #paint: Paint;
  #notes: Note[] = [];
  #cache = new LineCache();

  constructor(paint: Paint) {
    this.#paint = paint;
  }

  get notes(): readonly Note[] {
    return this.#notes;
  }

  /** Adds one note per line of `text` (blank lines dropped), shown as `[label]`. */
  add(extension: string, level: string, text: string, label: string = extension): void {
    const owner = sanitize(extension);
    const shown = sanitize(label);
    for (const line of sanitize(text).split("\n")) {
      if (line.trim() === "") continue;
      this.#notes.push({ extension: owner, label: shown, level, text: line });
    }
    if (this.#notes.length > MAX_NOTES) this.#notes.splice(0, this.#notes.length - MAX_NOTES);
    this.#cache.invalidate();
  }

  /** Removes the notes of one extension, or all of them. */
  clear(extension?: string): void {
    const before = this.#notes.length;
    this.#notes = extension === undefined
      ? []
      : this.#notes.filter((n) => n.extension !== sanitize(extension));
    if (this.#notes.length !== before) this.#cache.invalidate();
  }

  #style(level: string): Style {
    const p = this.#paint;
    switch (level) {
      case "warn":
      case "warning":
        return p.warning;
      case "error":
        return p.error;
      case "success":
        return p.success;
      default:
        return p.muted;
    }
  }

  invalidate(): void {
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    if (this.#notes.length === 0) return [];
    return this.#cache.get(width, () => {
      const lines = [""];
      for (const note of this.#notes) {
        // Columns, not code units: a CJK or emoji name is wider than it is long.
        const tag = `[${note.label}] `;
        const indent = Math.min(visibleWidth(tag), Math.floor(width / 2));
        const body = wrapStyled(note.text, width - indent, this.#style(note.level));
        body.forEach((l, i) => {
          const head = i === 0 ? this.#paint.accent(padTo(tag, indent)) : " ".repeat(indent);
          lines.push(truncateToWidth(head + l, width));
        });
      }
      return lines;
    });
  }
}
