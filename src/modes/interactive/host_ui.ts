/**
 * The TUI's HostUi: extension notes, panels and submissions land here.
 * Notes are one line each under the transcript; `submit` starts a turn or
 * queues behind the running one; `submit_slash` arrives as an extension
 * command already resolved by the host and runs like a typed one.
 *
 * @module
 */

import type { PanelSpec } from "../../protocol/frames.ts";
import type { HostUi } from "../../extensions/ui.ts";
import type { Controller } from "./controller.ts";
import type { PanelHost } from "./panel.ts";
import type { Screen } from "./screen.ts";

export class TuiHostUi implements HostUi {
  readonly interactive = true;
  #screen: Screen;
  #panel: PanelHost;
  #controller: Controller;
  #command: (name: string, args: string) => void;

  constructor(
    screen: Screen,
    parts: {
      panel: PanelHost;
      controller: Controller;
      /** Runs an extension command (never the built-in table). */
      command: (name: string, args: string) => void;
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
    this.notify(extension, "info", text);
  }
  clearNotes(extension: string): void {
    this.#screen.notes.clear(extension);
    this.#screen.render();
  }
  submit(_extension: string, text: string): void {
    this.#controller.prompt(text);
  }
  runCommand(_extension: string, command: string, args: string): void {
    this.#command(command, args);
  }
  openPanel(extension: string, panel: PanelSpec): void {
    this.#panel.open(extension, panel);
  }
  renderPanel(extension: string, panel: PanelSpec): void {
    this.#panel.update(extension, panel);
  }
  closePanel(extension: string, panelId: string): void {
    this.#panel.close(extension, panelId);
  }
  warn(extension: string, message: string): void {
    this.notify(extension, "warn", message);
  }
}
