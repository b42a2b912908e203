/**
 * The extensions start-up went on without (silent past the join wait), until
 * each has joined or failed. The gates consult them: a `turn_start`,
 * `tool_call` or `assistant_message` decision, and the system-prompt chain,
 * wait for every pending extension that may intercept that event, because
 * the slow one may be the guard that refuses it. Deciding without it would
 * let the first turn or call of a run through unchecked whenever a guard is
 * slow to say hello. Each join is bounded by its own hello and ready
 * timeouts, so the wait is too.
 *
 * What "may intercept" means is read before the extension has said anything:
 * a sandboxed extension only what its scope grants; any other extension
 * anything (it declares nothing in advance).
 *
 * @module
 */

import type { InterceptableEvent } from "../../protocol/frames.ts";
import { allowsIntercept } from "../../scope/allows.ts";
import { type ExtensionSource, scopeOf } from "../types.ts";

/** May the extension of `source`, once it has joined, intercept `event`? */
export function mayIntercept(
  source: ExtensionSource,
  event: InterceptableEvent,
): boolean {
  const scope = scopeOf(source);
  if (scope) return allowsIntercept(scope, event);
  return true;
}

export class LateJoins {
  readonly #pending = new Map<Promise<void>, ExtensionSource>();

  /** Track `joining` until it settles (it never rejects). */
  add(source: ExtensionSource, joining: Promise<void>): void {
    this.#pending.set(joining, source);
    joining.then(() => this.#pending.delete(joining));
  }

  /** Every join still running (stop and reload await them). */
  all(): Promise<void>[] {
    return [...this.#pending.keys()];
  }

  /** Is a join still running whose extension may intercept `event`? */
  mayIntercept(event: InterceptableEvent): boolean {
    return this.#relevant(event).length > 0;
  }

  /**
   * Resolves once no join is running whose extension may intercept `event`;
   * rejects with the abort reason if `signal` aborts first.
   */
  async settled(
    event: InterceptableEvent,
    signal: AbortSignal,
  ): Promise<void> {
    for (let waiting = this.#relevant(event); waiting.length > 0; waiting = this.#relevant(event)) {
      signal.throwIfAborted();
      const { promise: aborted, reject } = Promise.withResolvers<never>();
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      try {
        await Promise.race([Promise.all(waiting), aborted]);
      } finally {
        signal.removeEventListener("abort", onAbort);
      }
    }
  }

  #relevant(event: InterceptableEvent): Promise<void>[] {
    const out: Promise<void>[] = [];
    for (const [joining, source] of this.#pending) {
      if (mayIntercept(source, event)) out.push(joining);
    }
    return out;
  }
}
