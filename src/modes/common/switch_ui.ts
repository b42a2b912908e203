/**
 * A HostUi whose target is attached later. The extension host needs its UI
 * when it starts, but the TUI draws only after setup; notes arriving in
 * between are kept (bounded) and replayed when the TUI attaches.
 *
 * @module
 */

import type { PanelSpec } from "../../protocol/frames.ts";
import type { HostUi, PanelOpenOptions } from "../../extensions/ui.ts";
import type { Diagnostic } from "../../diagnostic.ts";

const MAX_BUFFERED = 200;

type Call = (ui: HostUi) => void;

export class SwitchableUi implements HostUi {
  readonly interactive: boolean;
  #target: HostUi | undefined;
  #buffer: Call[] = [];

  constructor(interactive: boolean) {
    this.interactive = interactive;
  }

  /** Routes everything to `ui` from now on, after replaying what arrived before. */
  attach(ui: HostUi): void {
    this.#target = ui;
    const pending = this.#buffer;
    this.#buffer = [];
    for (const call of pending) call(ui);
  }

  #send(call: Call): void {
    if (this.#target) call(this.#target);
    else if (this.#buffer.length < MAX_BUFFERED) this.#buffer.push(call);
  }

  notify(extension: string, level: string, message: string): void {
    this.#send((ui) => ui.notify(extension, level, message));
  }
  display(extension: string, text: string): void {
    this.#send((ui) => ui.display(extension, text));
  }
  clearNotes(extension: string): void {
    this.#send((ui) => ui.clearNotes(extension));
  }
  submit(extension: string, text: string): void {
    this.#send((ui) => ui.submit(extension, text));
  }
  runCommand(extension: string, command: string, args: string): void {
    this.#send((ui) => ui.runCommand(extension, command, args));
  }
  openPanel(extension: string, panel: PanelSpec, options?: PanelOpenOptions): void {
    this.#send((ui) => ui.openPanel(extension, panel, options));
  }
  renderPanel(extension: string, panel: PanelSpec): void {
    this.#send((ui) => ui.renderPanel(extension, panel));
  }
  closePanel(extension: string, panelId: string): void {
    this.#send((ui) => ui.closePanel(extension, panelId));
  }
  warn(diagnostic: Diagnostic): void {
    this.#send((ui) => ui.warn(diagnostic));
  }
}
