/**
 * pi-tui's markdown component, loaded on first use. It brings the markdown
 * parser with it, and the interactive mode's first frame (an empty
 * conversation) renders no markdown: the mode draws that frame, then calls
 * {@linkcode loadMarkdown} and redraws. A resumed conversation waits for it
 * before its first frame. Until it is loaded an assistant block shows its
 * text wrapped, unformatted ({@linkcode PlainMarkdown}), and is rebuilt
 * with markdown on the next invalidate.
 *
 * @module
 */

import type { Component, Markdown } from "@mariozechner/pi-tui";
import type { Style } from "./ansi.ts";
import { wrapStyled } from "./components/lines.ts";

export type MarkdownClass = typeof Markdown;

let loaded: MarkdownClass | undefined;
let loading: Promise<MarkdownClass> | undefined;

/** The markdown component once {@linkcode loadMarkdown} has settled, else undefined. */
export function markdownClass(): MarkdownClass | undefined {
  return loaded;
}

/** Loads the markdown component (once; a failed load is tried again on the next call). */
export function loadMarkdown(): Promise<MarkdownClass> {
  loading ??= import("@mariozechner/pi-tui/dist/components/markdown.js").then(
    (m) => (loaded = m.Markdown),
    (e) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** Markdown text shown as it is, wrapped, while the markdown component loads. */
export class PlainMarkdown implements Component {
  #text: string;
  #style: Style;

  constructor(text: string, style: Style) {
    this.#text = text;
    this.#style = style;
  }

  setText(text: string): void {
    this.#text = text;
  }

  invalidate(): void {}

  render(width: number): string[] {
    return this.#text === "" ? [] : wrapStyled(this.#text, width, this.#style);
  }
}
