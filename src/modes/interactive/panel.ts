/**
 * The one extension panel (host-behavior.md §3.9). A new `open_panel`
 * replaces the current one; `panel_render` and `panel_close` act only when
 * owner and id match. While the panel is open it has the keyboard: each
 * key goes to the owner as `panel_key`, except Esc and Ctrl+C, which close
 * the view first and then send `panel_close`.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import type { PanelSpec } from "../../protocol/frames.ts";
import { isPanelExit, panelKeyOf, PanelView } from "../../tui/mod.ts";
import type { Screen } from "./screen.ts";

/** What the panel needs from the extension host. */
export interface PanelSink {
  sendPanelKey(
    extension: string,
    panelId: string,
    key: ReturnType<typeof panelKeyOf>["key"],
    text?: string,
  ): boolean;
  sendPanelClose(extension: string, panelId: string): boolean;
}

export class PanelHost implements Component {
  #screen: Screen;
  #sink: () => PanelSink | undefined;
  #view: PanelView | undefined;

  constructor(screen: Screen, sink: () => PanelSink | undefined) {
    this.#screen = screen;
    this.#sink = sink;
  }

  /** The open panel's owner and id. */
  get current(): { extension: string; id: string } | undefined {
    const v = this.#view;
    return v ? { extension: v.extension, id: v.id } : undefined;
  }

  open(extension: string, spec: PanelSpec): void {
    this.#view = new PanelView(this.#screen.paint, extension, spec.id, spec);
    this.#screen.setPanel(this);
  }

  update(extension: string, spec: PanelSpec): void {
    if (!this.#matches(extension, spec.id)) return;
    this.#view?.update(spec);
    this.#screen.render();
  }

  close(extension: string, panelId: string): void {
    if (!this.#matches(extension, panelId)) return;
    this.#view = undefined;
    this.#screen.setPanel(undefined);
  }

  /** The user closes the panel: the view goes first, then the owner hears of it. */
  dismiss(): void {
    const view = this.#view;
    if (!view) return;
    this.#view = undefined;
    this.#screen.setPanel(undefined);
    this.#sink()?.sendPanelClose(view.extension, view.id);
  }

  #matches(extension: string, id: string): boolean {
    return this.#view !== undefined && this.#view.extension === extension && this.#view.id === id;
  }

  handleInput(data: string): void {
    const view = this.#view;
    if (!view) return;
    if (isPanelExit(data)) {
      this.dismiss();
      return;
    }
    const { key, text } = panelKeyOf(data);
    this.#sink()?.sendPanelKey(view.extension, view.id, key, text);
  }

  invalidate(): void {
    this.#view?.invalidate();
  }

  render(width: number): string[] {
    return this.#view?.render(width) ?? [];
  }
}
