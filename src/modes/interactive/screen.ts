/**
 * The TUI's layout and focus: transcript, notes, the panel slot, the dialog
 * slot, the queued prompts, the editor and the status bar, top to bottom. Focus goes to the
 * open dialog, else the open panel when it may have the keyboard, else the editor.
 *
 * @module
 */

import type { Component, Editor, Terminal } from "@mariozechner/pi-tui";
import { Container } from "../../tui/pi.ts";
import {
  DEFAULT_THEME,
  editorTheme,
  FlatTUI,
  livePaint,
  markdownTheme,
  NotesView,
  type Paint,
  paintOf,
  PromptEditor,
  QueueView,
  selectListTheme,
  StatusBar,
  type StatusInfo,
  type Theme,
  Transcript,
} from "../../tui/mod.ts";

export class Screen {
  readonly tui: FlatTUI;
  readonly paint: Paint;
  readonly transcript: Transcript;
  readonly notes: NotesView;
  readonly queue: QueueView;
  readonly editor: Editor;
  readonly status: StatusBar;
  #current: Paint;
  #panelSlot = new Container();
  #dialogSlot = new Container();
  #panel: Component | undefined;
  #panelFocused = false;
  #dialog: Component | undefined;
  #color: boolean;

  constructor(terminal: Terminal, info: StatusInfo, options: { color?: boolean } = {}) {
    this.#current = paintOf(DEFAULT_THEME, options);
    this.paint = livePaint(() => this.#current);
    this.#color = options.color !== false;
    this.tui = new FlatTUI(terminal);
    this.transcript = new Transcript(this.paint, markdownTheme(this.paint));
    this.notes = new NotesView(this.paint);
    this.queue = new QueueView(this.paint);
    this.editor = new PromptEditor(this.tui, editorTheme(this.paint), {
      paddingX: 1,
      autocompleteMaxVisible: 20,
    });
    this.status = new StatusBar(this.paint, info);
    this.tui.addChild(this.transcript);
    this.tui.addChild(this.notes);
    this.tui.addChild(this.#panelSlot);
    this.tui.addChild(this.#dialogSlot);
    this.tui.addChild(this.queue);
    this.tui.addChild(this.editor);
    this.tui.addChild(this.status);
    this.tui.setFocus(this.editor);
  }

  get listTheme() {
    return selectListTheme(this.paint);
  }

  get theme(): Theme {
    return this.#current.theme;
  }

  setTheme(theme: Theme): void {
    this.#current = paintOf(theme, { color: this.#color });
    this.tui.invalidate();
    this.render();
  }

  get hasDialog(): boolean {
    return this.#dialog !== undefined;
  }

  /** Whether an open panel has the keyboard (else the editor keeps it). */
  get panelHasFocus(): boolean {
    return this.#panel !== undefined && this.#panelFocused;
  }

  /** Shows `panel`; it gets the keyboard only when `focused` (see panel.ts for when). */
  setPanel(panel: Component | undefined, focused: boolean): void {
    this.#panelSlot.clear();
    this.#panel = panel;
    this.#panelFocused = panel !== undefined && focused;
    if (panel) this.#panelSlot.addChild(panel);
    this.refocus();
  }

  setDialog(dialog: Component | undefined): void {
    this.#dialogSlot.clear();
    this.#dialog = dialog;
    if (dialog) this.#dialogSlot.addChild(dialog);
    this.refocus();
  }

  refocus(): void {
    const panel = this.#panelFocused ? this.#panel : undefined;
    this.tui.setFocus(this.#dialog ?? panel ?? this.editor);
    this.render();
  }

  render(): void {
    this.tui.requestRender();
  }
}
