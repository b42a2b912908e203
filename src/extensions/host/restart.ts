/**
 * Supervised restart: an extension whose process crashed (a non-zero exit
 * status or a signal) after it was ready is started again after a pause that grows (0.5 s, 2 s, 8 s), at most
 * three times in five minutes; past that it stays stopped and the user gets
 * its log's last lines. The user is told once per series, when it begins.
 *
 * The new process replaces the old record at its load-order place only once
 * it is ready and intercepts again every gate the old one held: until then
 * the old, closed record still holds its gates, so a `tool_call` or
 * `turn_start` it intercepts stays refused (fail closed) and cannot slip
 * through before the new process has subscribed again. One that is ready
 * without its gates (an auto-ready after a quiet moment) is stopped and the
 * gates stay refused. A project's extension is restarted only as `zot trust`
 * pinned it. Calls to
 * its tools in that time wait for the restart (bounded by the tool timeout;
 * see ext_tool.ts). Each start goes through the same launch as the first
 * (consent and identity checks included). `"restart": "never"` in the
 * manifest opts out.
 *
 * @module
 */

import type { CloseInfo } from "../channel.ts";
import type { Diagnostic } from "../../diagnostic.ts";
import { aboutRecord } from "./diagnostics.ts";
import { type ExtensionRecord, isLive } from "./record.ts";
import { GATES } from "./intercept.ts";
import { READY_GRACE_MS } from "../../protocol/limits.ts";

export interface RestartPolicy {
  /** Pause before the 1st, 2nd, ... restart of a series; its length is the most restarts. */
  delaysMs: readonly number[];
  /** Restarts older than this no longer count. */
  windowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  delaysMs: [500, 2_000, 8_000],
  windowMs: 5 * 60_000,
};

/** A new process for a record's source, or why it did not start. */
export type Respawn = { ok: true; record: ExtensionRecord } | { ok: false; error: string };

/** What the supervisor asks of the host. */
export interface RestartHost {
  /** Start `record`'s source again, as a load would. */
  spawn(record: ExtensionRecord): Promise<Respawn>;
  /** Listen to a fresh record's frames and closing (not yet in the load order). */
  attach(fresh: ExtensionRecord): void;
  /** Wait for the fresh record's ready. */
  ready(fresh: ExtensionRecord): Promise<void>;
  /** Put `fresh` in `old`'s place; false when `old` is gone (a reload or stop came first). */
  replace(old: ExtensionRecord, fresh: ExtensionRecord): boolean;
  /** A fresh record is in place: greet it into the open session, refresh the tools. */
  joined(fresh: ExtensionRecord): void;
  warn(diagnostic: Diagnostic): void;
  /** The last lines of an extension's log, for the crash-loop message. */
  logTail(record: ExtensionRecord): Promise<string[]>;
}

export class Supervisor {
  readonly #host: RestartHost;
  readonly #policy: RestartPolicy | "never";
  /** When each extension was last restarted, by name. */
  readonly #history = new Map<string, number[]>();
  /** A restart in progress, by name: it settles when the new process is in place or failed. */
  readonly #pending = new Map<string, Promise<void>>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #wakers = new Set<() => void>();
  #stopped = false;
  /** Bumped by cancel(): a restart of an earlier generation gives up. */
  #generation = 0;

  constructor(host: RestartHost, policy: RestartPolicy | "never" = DEFAULT_RESTART_POLICY) {
    this.#host = host;
    this.#policy = policy;
  }

  /** `record`'s process ended: restart it when the policy allows (true when one is coming). */
  closed(record: ExtensionRecord, info: CloseInfo, wasReady: boolean): boolean {
    if (this.#stopped || record.stopping || !wasReady || !crashed(info)) return false;
    const policy = this.#policy;
    if (policy === "never" || record.source.manifest.restart === "never") return false;
    const now = Date.now();
    const recent = (this.#history.get(record.name) ?? []).filter(
      (t) => now - t < policy.windowMs,
    );
    if (recent.length >= policy.delaysMs.length) {
      this.#history.delete(record.name);
      void this.#giveUp(record, info, recent.length);
      return false;
    }
    if (recent.length === 0) {
      this.#host.warn(aboutRecord(record, {
        code: "restarting",
        severity: "warning",
        message: `stopped (${info.reason}); restarting it`,
        remedy: `see "zot ext logs ${record.name}"`,
      }));
    }
    const delay = policy.delaysMs[recent.length];
    recent.push(now);
    this.#history.set(record.name, recent);
    const attempt = this.#restart(record, delay);
    this.#pending.set(record.name, attempt);
    attempt.finally(() => {
      if (this.#pending.get(record.name) === attempt) this.#pending.delete(record.name);
    });
    return true;
  }

  /** Settles when the restart of `name` in progress ends; undefined when there is none. */
  pending(name: string): Promise<void> | undefined {
    return this.#pending.get(name);
  }

  /** No more restarts; pauses end now. */
  stop(): void {
    this.#stopped = true;
    this.cancel();
  }

  /** A reload: the restarts in progress give up, the history starts over. */
  cancel(): void {
    this.#generation++;
    this.#history.clear();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const wake of this.#wakers) wake();
    this.#wakers.clear();
  }

  async #restart(old: ExtensionRecord, delayMs: number): Promise<void> {
    const generation = this.#generation;
    const current = () => !this.#stopped && generation === this.#generation;
    await this.#pause(delayMs);
    if (!current()) return;
    const outcome = await this.#host.spawn(old);
    if (!current()) {
      if (outcome.ok) await outcome.record.channel?.stop(Date.now());
      return;
    }
    if (!outcome.ok) {
      // Refused or failed to start: said once; what it checked stays refused.
      this.#host.warn(aboutRecord(old, {
        code: "crash-loop",
        severity: "error",
        message: `could not be restarted: ${outcome.error}; left stopped`,
        remedy: `run "/reload-ext" once it is fixed (see "zot ext logs ${old.name}")`,
      }));
      return;
    }
    const fresh = outcome.record;
    this.#host.attach(fresh);
    await this.#host.ready(fresh);
    // A guard takes its place again only once it checks again what it checked: ready alone
    // (an auto-ready after a quiet moment) is no proof, so it gets the ready grace to subscribe.
    const gates = [...old.intercepts].filter((g) => GATES.has(g));
    const missing = () => gates.filter((g) => !fresh.intercepts.has(g));
    const until = Date.now() + READY_GRACE_MS;
    while (missing().length > 0 && isLive(fresh) && Date.now() < until && current()) {
      await this.#pause(50);
    }
    if (!isLive(fresh)) return; // it ended again: its own close handler decides
    if (missing().length > 0) {
      fresh.stopping = true;
      await fresh.channel?.stop(Date.now());
      this.#host.warn(aboutRecord(old, {
        code: "crash-loop",
        severity: "error",
        message: `restarted, but it no longer intercepts ${missing().join(" and ")}; left ` +
          `stopped, and what it checked stays refused`,
        remedy: `run "/reload-ext" once it is fixed (see "zot ext logs ${old.name}")`,
      }));
      return;
    }
    if (!current() || !this.#host.replace(old, fresh)) {
      fresh.stopping = true;
      await fresh.channel?.stop(Date.now());
      return;
    }
    this.#host.joined(fresh);
  }

  async #giveUp(record: ExtensionRecord, info: CloseInfo, restarts: number): Promise<void> {
    const windowMs = this.#policy === "never" ? 0 : this.#policy.windowMs;
    const tail = await this.#host.logTail(record).catch(() => []);
    const lines = tail.length > 0 ? `; its log ends:\n${tail.map((l) => `  ${l}`).join("\n")}` : "";
    this.#host.warn(aboutRecord(record, {
      code: "crash-loop",
      severity: "error",
      message: `stopped again (${info.reason}) after ${restarts} restarts in ${
        Math.round(windowMs / 60_000)
      } minutes; left stopped${lines}`,
      remedy: `fix it, then run "/reload-ext" (see "zot ext logs ${record.name}")`,
    }));
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#timers.delete(timer);
        this.#wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#timers.add(timer);
      this.#wakers.add(done);
    });
  }
}

/**
 * A crash, as opposed to an extension that finished (status 0) or one zot disconnected for
 * breaking the protocol (no exit status: starting it again would break it again).
 */
export function crashed(info: CloseInfo): boolean {
  return (info.code !== undefined && info.code !== 0) || info.signal !== undefined;
}

/** Whether `promise` settled within `ms` and before `signal` aborted. */
export async function settledWithin(
  promise: Promise<unknown>,
  ms: number,
  signal: AbortSignal,
): Promise<boolean> {
  if (signal.aborted) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    onAbort = () => resolve(false);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}
