/**
 * The one extension panel. A new `open_panel` replaces the current one;
 * `panel_render` and `panel_close` act only when owner and id match. While
 * the panel has the keyboard each key goes to the owner as `panel_key`,
 * except Esc and Ctrl+C, which close the view first and then send
 * `panel_close`.
 *
 * A panel takes the keyboard only when the user asked for it: it answers a
 * command the user ran (or an interactive tool call), or it replaces a panel
 * of the same extension that already had the keyboard. Any other panel is
 * shown without it, with a hint, and Ctrl+G ({@linkcode PANEL_FOCUS_KEY})
 * gives it the keyboard. Otherwise an extension could open a panel at any
 * moment and read what the user types for the editor (a fake "paste your
 * API key" prompt).
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { truncateToWidth } from "../../tui/pi.ts";
import type { PanelSpec } from "../../protocol/frames.ts";
import { isPanelExit, panelKeyOf, PanelView } from "../../tui/mod.ts";
import type { Screen } from "./screen.ts";

/** The key that gives an open panel without focus the keyboard. */
export const PANEL_FOCUS_KEY = "ctrl+g";
const FOCUS_HINT = "(not focused: the editor has the keys; ctrl+g gives them to this panel)";

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
  #focused = false;

  constructor(screen: Screen, sink: () => PanelSink | undefined) {
    this.#screen = screen;
    this.#sink = sink;
  }

  /** The open panel's owner and id. */
  get current(): { extension: string; id: string } | undefined {
    const v = this.#view;
    return v ? { extension: v.extension, id: v.id } : undefined;
  }

  /** Whether the open panel has the keyboard. (Not `focused`: pi-tui sets that on components.) */
  get hasKeyboard(): boolean {
    return this.#view !== undefined && this.#focused;
  }

  open(extension: string, spec: PanelSpec, options: { focus: boolean }): void {
    // The owner of the focused panel has the keys already; a panel of its own may keep them.
    const keeps = this.hasKeyboard && this.#view?.extension === extension;
    this.#view = new PanelView(this.#screen.paint, extension, spec.id, spec);
    this.#focused = options.focus || keeps;
    this.#screen.setPanel(this, this.#focused);
  }

  /** The user gives the open panel the keyboard (Ctrl+G). */
  focus(): boolean {
    if (!this.#view || this.#focused) return false;
    this.#focused = true;
    this.#screen.setPanel(this, true);
    return true;
  }

  update(extension: string, spec: PanelSpec): void {
    if (!this.#matches(extension, spec.id)) return;
    this.#view?.update(spec);
    this.#screen.render();
  }

  close(extension: string, panelId: string): void {
    if (!this.#matches(extension, panelId)) return;
    this.#view = undefined;
    this.#screen.setPanel(undefined, false);
  }

  /** The user closes the panel: the view goes first, then the owner hears of it. */
  dismiss(): void {
    const view = this.#view;
    if (!view) return;
    this.#view = undefined;
    this.#screen.setPanel(undefined, false);
    this.#sink()?.sendPanelClose(view.extension, view.id);
  }

  #matches(extension: string, id: string): boolean {
    return this.#view !== undefined && this.#view.extension === extension && this.#view.id === id;
  }

  handleInput(data: string): void {
    const view = this.#view;
    if (!view || !this.#focused) return;
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
    const lines = this.#view?.render(width) ?? [];
    if (!this.#view || this.#focused) return lines;
    // A copy: the view caches its lines.
    return [...lines, this.#screen.paint.muted(truncateToWidth(FOCUS_HINT, width))];
  }
}
