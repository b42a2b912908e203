/**
 * Choice dialogs, one at a time: a request made while one is open waits
 * its turn. A dialog ends with the chosen value, or undefined when the user
 * cancels or the caller's signal aborts (a cancelled turn).
 *
 * @module
 */

import { ChoiceDialog, type DialogSpec, SecretDialog, type SecretSpec } from "../../tui/mod.ts";
import type { Screen } from "./screen.ts";

export class Dialogs {
  #screen: Screen;
  #chain: Promise<unknown> = Promise.resolve();

  constructor(screen: Screen) {
    this.#screen = screen;
  }

  choose(spec: DialogSpec, signal?: AbortSignal): Promise<string | undefined> {
    const run = this.#chain.then(() => this.#show(spec, signal));
    this.#chain = run.catch(() => {});
    return run;
  }

  /** Asks for a secret that is never drawn (`/login`); undefined when cancelled. */
  secret(spec: SecretSpec): Promise<string | undefined> {
    const run = this.#chain.then(() => {
      const { promise, resolve } = Promise.withResolvers<string | undefined>();
      const dialog = new SecretDialog(this.#screen.paint, spec);
      const done = (value: string | undefined) => {
        this.#screen.setDialog(undefined);
        resolve(value);
      };
      dialog.onDone = (value) => done(value);
      dialog.onCancel = () => done(undefined);
      this.#screen.setDialog(dialog);
      return promise;
    });
    this.#chain = run.catch(() => {});
    return run;
  }

  #show(spec: DialogSpec, signal?: AbortSignal): Promise<string | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    const { promise, resolve } = Promise.withResolvers<string | undefined>();
    const dialog = new ChoiceDialog(this.#screen.paint, this.#screen.listTheme, spec);
    const done = (value: string | undefined) => {
      signal?.removeEventListener("abort", onAbort);
      this.#screen.setDialog(undefined);
      resolve(value);
    };
    const onAbort = () => done(undefined);
    dialog.onChoose = (value) => done(value);
    dialog.onCancel = () => done(undefined);
    signal?.addEventListener("abort", onAbort, { once: true });
    this.#screen.setDialog(dialog);
    return promise;
  }
}
