/**
 * Transient status messages with an optional lifetime. Each message gets a
 * token; a timer clears only the message it was set for, so a newer status
 * is never cleared by an older timer.
 *
 * @module
 */

import type { StatusKind } from "../../tui/mod.ts";
import type { Screen } from "./screen.ts";

export class StatusLine implements Disposable {
  #screen: Screen;
  #token = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(screen: Screen) {
    this.#screen = screen;
  }

  /** Shows `text`; after `ms` (if given) it goes away unless replaced meanwhile. */
  show(text: string, kind: StatusKind = "info", ms?: number): void {
    const token = ++this.#token;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#screen.status.setMessage(text, kind);
    this.#screen.render();
    if (ms !== undefined) {
      this.#timer = setTimeout(() => {
        if (token !== this.#token) return;
        this.#timer = undefined;
        this.clear();
      }, ms);
    }
  }

  clear(): void {
    this.#token++;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#screen.status.setMessage("");
    this.#screen.render();
  }

  [Symbol.dispose](): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
