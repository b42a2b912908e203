/**
 * Transient status messages with an optional lifetime. Each message gets a
 * token; a timer clears only the message it was set for, so a newer status
 * is never cleared by an older timer.
 *
 * @module
 */

import type { StatusKind } from "../../tui/mod.ts";
import type { Screen } from "./screen.ts";

/** Timer functions (tests drive them by hand). */
export interface Timers {
  /** Runs `fn` after `ms`; returns the cancel function. */
  after(fn: () => void, ms: number): () => void;
}

const REAL_TIMERS: Timers = {
  after(fn, ms) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};

export class StatusLine implements Disposable {
  #screen: Pick<Screen, "status" | "render">;
  #timers: Timers;
  #token = 0;
  #cancel: (() => void) | undefined;

  constructor(screen: Pick<Screen, "status" | "render">, timers: Timers = REAL_TIMERS) {
    this.#screen = screen;
    this.#timers = timers;
  }

  /** Shows `text`; after `ms` (if given) it goes away unless replaced meanwhile. */
  show(text: string, kind: StatusKind = "info", ms?: number): void {
    const token = ++this.#token;
    this.#cancel?.();
    this.#cancel = undefined;
    this.#screen.status.setMessage(text, kind);
    this.#screen.render();
    if (ms !== undefined) {
      this.#cancel = this.#timers.after(() => {
        if (token !== this.#token) return;
        this.#cancel = undefined;
        this.clear();
      }, ms);
    }
  }

  clear(): void {
    this.#token++;
    this.#cancel?.();
    this.#cancel = undefined;
    this.#screen.status.setMessage("");
    this.#screen.render();
  }

  [Symbol.dispose](): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }
}
