/**
 * The TUI's HostUi: extension notes, panels and submissions land here.
 * Notes are one line each under the transcript (`display` text goes into the
 * transcript itself); `submit` starts a turn or
 * queues behind the running one; `submit_slash` arrives as an extension
 * command already resolved by the host and runs like a typed one.
 *
 * @module
 */

import type { PanelSpec } from "../../protocol/frames.ts";
import { type HostUi, noteLevel, type PanelOpenOptions } from "../../extensions/ui.ts";
import { type Diagnostic, diagnosticText } from "../../diagnostic.ts";
import type { Controller } from "./controller.ts";
import type { PanelHost } from "./panel.ts";
import type { Screen } from "./screen.ts";

export class TuiHostUi implements HostUi {
  readonly interactive = true;
  #screen: Screen;
  #panel: PanelHost;
  #controller: Controller;
  #command: (name: string, args: string, ranBy: string) => void;

  constructor(
    screen: Screen,
    parts: {
      panel: PanelHost;
      controller: Controller;
      /** Runs an extension command (never the built-in table) that extension `ranBy` ran. */
      command: (name: string, args: string, ranBy: string) => void;
    },
  ) {
    this.#screen = screen;
    this.#panel = parts.panel;
    this.#controller = parts.controller;
    this.#command = parts.command;
  }

  notify(extension: string, level: string, message: string): void {
    this.#screen.notes.add(extension, level, message);
    this.#screen.render();
  }
  display(extension: string, text: string): void {
    // Output to read, not a status: it stays in the transcript and the scrollback.
    this.#screen.transcript.addExtensionText(extension, text);
    this.#screen.render();
  }
  clearNotes(extension: string): void {
    this.#screen.notes.clear(extension);
    this.#screen.render();
  }
  submit(_extension: string, text: string): void {
    this.#controller.prompt(text);
  }
  runCommand(extension: string, command: string, args: string): void {
    this.#command(command, args, extension);
  }
  openPanel(extension: string, panel: PanelSpec, options: PanelOpenOptions = {}): void {
    this.#panel.open(extension, panel, { focus: options.focus === true });
  }
  renderPanel(extension: string, panel: PanelSpec): void {
    this.#panel.update(extension, panel);
  }
  closePanel(extension: string, panelId: string): void {
    this.#panel.close(extension, panelId);
  }
  warn(d: Diagnostic): void {
    this.notify(d.extension ?? "zot", noteLevel(d), diagnosticText(d));
  }
}
