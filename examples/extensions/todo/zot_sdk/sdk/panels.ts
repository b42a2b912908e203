/**
 * Extension-owned panels: a handle per panel id that opens, redraws and
 * closes it, and receives its keys.
 *
 * @module
 */

import type { ExtToHostFrame, PanelKeyName, PanelSpec } from "../protocol/frames.ts";
import type { CommandResponse } from "./types.ts";

export type { PanelKeyName };

/** Title, lines and footer of a panel; the id belongs to the handle. */
export type PanelView = Omit<PanelSpec, "id">;

/** Callbacks of one panel. */
export interface PanelHandlers {
  /** A key while the panel is focused; `text` is the character for `"rune"`. */
  onKey?: (key: PanelKeyName, text: string) => void | Promise<void>;
  /** The user closed the panel (Esc or Ctrl+C). Not called at shutdown: handlers' signals abort then. */
  onClose?: () => void | Promise<void>;
}

/** One panel, by id. Create it with `ext.panel(id, handlers)`. */
export class Panel {
  /** The panel's id. */
  readonly id: string;
  #send: (frame: ExtToHostFrame) => void;
  #release: () => void;
  #open = false;

  /** Made by `ext.panel(id, handlers)`, which wires it to the extension's output. */
  constructor(id: string, send: (frame: ExtToHostFrame) => void, release: () => void = () => {}) {
    this.id = id;
    this.#send = send;
    this.#release = release;
  }

  /** Whether the SDK believes the panel is shown. */
  get isOpen(): boolean {
    return this.#open;
  }

  /** A command response that opens this panel. */
  response(view: PanelView): CommandResponse {
    this.#open = true;
    return { action: "open_panel", panel: { id: this.id, ...view } };
  }

  /** Open (or replace) the panel at any time, e.g. from a tool handler. */
  open(view: PanelView): void {
    this.#open = true;
    this.#send({ type: "open_panel", panel: { id: this.id, ...view } });
  }

  /** Redraw the open panel. */
  render(view: PanelView): void {
    this.#send({ type: "panel_render", panel_id: this.id, ...view });
  }

  /** Close the panel from the extension side. */
  close(): void {
    this.#open = false;
    this.#send({ type: "panel_close", panel_id: this.id });
  }

  /** Stop receiving this panel's keys (closing it first if open); for per-call panels. */
  dispose(): void {
    if (this.#open) this.close();
    this.#release();
  }

  /** @internal The host closed it. */
  markClosed(): void {
    this.#open = false;
  }
}
