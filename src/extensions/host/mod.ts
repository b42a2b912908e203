/**
 * The extension manager: loads a set of extensions, keeps the registries,
 * routes their frames, fans out lifecycle events, runs the interception
 * chains, serves `call_tool`, exposes extension tools and commands, and
 * reloads or stops them. It implements {@linkcode AgentHooks} for the agent
 * loop and talks to each extension only through an {@linkcode ExtensionChannel}.
 *
 * @example
 * ```ts ignore
 * const host = new ExtensionHost({ spawn: spawnExtension, paths, identity, ui });
 * await host.load(sources);
 * await host.waitForReady();
 * const tools = host.tools();
 * // ... run the agent with `host` as its hooks ...
 * await host.stop();
 * ```
 *
 * @module
 */

import type {
  AgentEvent,
  AgentHooks,
  AssistantMessageDecision,
  BeforeAgentStart,
  InterceptedToolCall,
  SessionInfo,
  ToolCallDecision,
  TurnStartDecision,
} from "../../agent/hooks.ts";
import type { Tool, ToolCaller } from "../../model/types.ts";
import type { LifecycleEvent } from "../../protocol/events.ts";
import type { InterceptableEvent, PanelKeyName } from "../../protocol/frames.ts";
import { LateJoins } from "./late_joins.ts";
import type { ExtensionHostOptions, LoadOptions, LoadReport } from "./options.ts";
import { HELLO_JOIN_WAIT_MS, READY_GRACE_MS, SHUTDOWN_GRACE_MS } from "../../protocol/limits.ts";
import type { Diagnostic } from "../../diagnostic.ts";
import type { ExtensionSource } from "../types.ts";
import { type HostCore, newCore } from "./core.ts";
import { closeRecorded, type ExtensionRecord, isLive, newRecord } from "./record.ts";
import { EventBus, pacedAll } from "./events.ts";
import {
  interceptAssistantMessage,
  interceptors,
  interceptToolCall,
  interceptTurnStart,
} from "./intercept.ts";
import { runBeforeAgentStart } from "./before_agent_start.ts";
import { answerAllCallTools } from "./call_tool.ts";
import { watchClose } from "./closed.ts";
import { subscribers } from "./subscriptions.ts";
import { extensionTool } from "./ext_tool.ts";
import {
  type CommandInfo,
  type CommandOutcome,
  invokeCommand,
  type InvokeOptions,
  listCommands,
} from "./commands.ts";
import { sendPanelClose, sendPanelKey } from "./ui_frames.ts";
import { routeWithLateTools } from "./route.ts";
import { awaitStartup, type SpawnOutcome, startFailure } from "./load.ts";
import { waitForReady } from "./ready.ts";
import { cancelEarly, followAbort, startEarly } from "./early.ts";
import { type ExtensionStatus, type LoadFailure, statusOf } from "./status.ts";
import { discoveryFailed, readyCount, type ReloadReport } from "./reload.ts";
import { stopRecords } from "./stop.ts";
import type { Supervisor } from "./restart.ts";
import { newSupervisor } from "./restart_host.ts";

export type { CommandInfo, CommandOutcome, InvokeOptions } from "./commands.ts";
export { COMMAND_ACTIONS, commandStatusText } from "./commands.ts";
export type { ReloadReport } from "./reload.ts";
export { formatReloadStatus } from "./reload.ts";
export type { ExtensionState, ExtensionStatus, LoadFailure } from "./status.ts";
export type { HostTimeouts } from "./core.ts";
export { boundContent, boundEventResult } from "./bound.ts";
export type { ExtensionHostOptions, LateJoin, LoadOptions, LoadReport } from "./options.ts";

export class ExtensionHost implements AgentHooks {
  readonly #options: ExtensionHostOptions;
  readonly #core: HostCore;
  readonly #events: EventBus;
  /** Shared with the parts through `#core.records`; mutated in place only. */
  readonly #records: ExtensionRecord[] = [];
  #failures: LoadFailure[] = [];
  #stopped?: Promise<void>;
  /** Handshakes start-up went on without; the gates wait for them, stop() cancels them. */
  readonly #late = new LateJoins();
  /** Load-order position of each record: a late joiner takes its place, not the end. */
  readonly #order = new WeakMap<ExtensionRecord, number>();
  #loads = 0;
  /** Aborted by stop() and reload(): a handshake still running then ends. */
  #lateAbort = new AbortController();
  /** Starts an extension that ended on its own again (restart.ts). */
  readonly #supervisor: Supervisor;

  constructor(options: ExtensionHostOptions) {
    this.#options = options;
    this.#core = newCore(options, this.#records);
    this.#events = new EventBus(
      (event) => subscribers(this.#records, event),
      { sessionId: options.runtimeSessionId ?? crypto.randomUUID(), cwd: options.identity.cwd },
    );
    this.#supervisor = newSupervisor({
      core: this.#core,
      options,
      order: this.#order,
      events: this.#events,
      listen: (record) => this.#listen(record),
    });
    this.#core.restarting = (name) => this.#supervisor.pending(name);
  }

  // -------------------------------------------------------------------------
  // Loading

  /** Start `sources` (all at once); failures become diagnostics, never throws. */
  async load(sources: readonly ExtensionSource[], options: LoadOptions = {}): Promise<LoadReport> {
    const early = options.started;
    if (this.#events.stopping) {
      if (early) await cancelEarly(early);
      return { loaded: [], errors: [] };
    }
    const { planned, spawns, abort } = early ?? startEarly(this.#options.spawn, sources, {
      paths: this.#options.paths,
      identity: this.#options.identity,
      skip: new Set(this.#records.map((r) => r.name)),
    });
    followAbort(abort, this.#lateAbort.signal);
    const outcomes = options.joinLate
      ? await awaitStartup(spawns, HELLO_JOIN_WAIT_MS, READY_GRACE_MS)
      : await Promise.all(spawns);
    const report: LoadReport = { loaded: [], errors: [] };
    // Positions grow across loads: a reload's records come after nothing left of the old ones.
    const base = this.#loads++ * (planned.length + 1);
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome) await this.#accept(outcome, report, base + i);
      else {
        const joining = this.#joinLate(spawns[i], this.#lateAbort.signal, base + i);
        this.#late.add(planned[i], joining.catch(() => {}));
      }
    }
    return report;
  }

  async #accept(outcome: SpawnOutcome, report: LoadReport, order: number): Promise<boolean> {
    if (!outcome.ok) {
      const { failure, diagnostic } = startFailure(outcome);
      this.#failures.push(failure);
      this.#core.diagnostics.add(diagnostic);
      report.errors.push(diagnostic);
      return false;
    }
    if (this.#events.stopping) {
      // stop() raced the spawn: do not leave the process behind.
      await outcome.channel?.stop(Date.now());
      return false;
    }
    this.#attach(
      newRecord(outcome.source, outcome.channel, outcome.notes, this.#core.callToolBudget),
      order,
    );
    report.loaded.push(outcome.source.manifest.name);
    return true;
  }

  /**
   * An extension start-up went on without: once its handshake ends it is
   * attached like the others (with its own ready wait and, when the session
   * is open, its own `session_start`), or its failure is recorded.
   */
  async #joinLate(
    spawn: Promise<SpawnOutcome>,
    cancel: AbortSignal,
    order: number,
  ): Promise<void> {
    const outcome = await spawn;
    // A reload replaces this generation: what it cancelled is no news.
    if (cancel.reason === "reload") {
      if (outcome.ok) await outcome.channel?.stop(Date.now());
      return;
    }
    const report: LoadReport = { loaded: [], errors: [] };
    const joined = await this.#accept(outcome, report, order);
    const name = outcome.source.manifest.name;
    if (!joined || !outcome.ok) {
      if (report.errors.length > 0) this.#options.onLateJoin?.({ name, error: report.errors[0] });
      return;
    }
    const record = this.#records.find((r) => r.name === name && r.channel === outcome.channel);
    if (!record) return;
    await waitForReady([record], this.#core.diagnostics);
    if (this.#events.stopping || !isLive(record)) return;
    if (record.events.has("session_start")) this.#events.greet(record.channel);
    this.#options.onLateJoin?.({ name });
  }

  /** Put `record` at its load-order place: interception chains run in that order. */
  #attach(record: ExtensionRecord, order: number): void {
    this.#order.set(record, order);
    const after = this.#records.findIndex((r) => (this.#order.get(r) ?? -1) > order);
    if (after === -1) this.#records.push(record);
    else this.#records.splice(after, 0, record);
    this.#listen(record);
  }

  /** Route `record`'s frames; when it closes, drop it and let the supervisor decide. */
  #listen(record: ExtensionRecord): void {
    if (!record.channel) return;
    const lateTool = () => this.#options.onLateJoin?.({ name: record.name });
    // A tool registered after `ready` (MCP tools/list_changed) joins like a late joiner's.
    record.channel.setFrameListener(routeWithLateTools(this.#core, record, lateTool));
    watchClose(this.#core, this.#supervisor, record);
  }

  /** Wait for every extension's `ready` with one shared deadline. */
  waitForReady(ms: number = READY_GRACE_MS): Promise<void> {
    return waitForReady(this.#records, this.#core.diagnostics, ms);
  }

  // -------------------------------------------------------------------------
  // Tools and commands

  /** Agent tools for the active extension tools (fold into the registry after the ready wait). */
  tools(): Tool[] {
    return [...this.#core.registry.tools.values()].map((reg) => extensionTool(this.#core, reg));
  }

  setToolCaller(caller: ToolCaller | undefined): void {
    this.#core.toolCaller = caller;
  }

  commands(): CommandInfo[] {
    return listCommands(this.#core.registry);
  }

  hasCommand(name: string): boolean {
    return this.#core.registry.command(name) !== undefined;
  }

  /** Name of the extension owning a command (case-insensitive), if any. */
  commandOwner(name: string): string | undefined {
    return this.#core.registry.command(name)?.extension;
  }

  /** Run an extension command; `options.ranBy` names the extension that ran it (submit_slash). */
  invokeCommand(name: string, args: string, options?: InvokeOptions): Promise<CommandOutcome> {
    return invokeCommand(this.#core, name, args, options);
  }

  /** Forward a key of a focused panel to its owner. */
  sendPanelKey(extension: string, panelId: string, key: PanelKeyName, text?: string): boolean {
    return sendPanelKey(this.#core.byName(extension), panelId, key, text);
  }

  /** Tell an extension the user closed its panel. */
  sendPanelClose(extension: string, panelId: string): boolean {
    return sendPanelClose(this.#core.byName(extension), panelId);
  }

  // -------------------------------------------------------------------------
  // AgentHooks

  /** A lifecycle notification as it is on the wire (tests and the host's own events). */
  emit(event: LifecycleEvent): void {
    this.#events.emit(event);
  }

  notify(event: AgentEvent): void {
    this.#events.notify(event);
  }

  paced(): Promise<void> {
    return pacedAll(this.#records);
  }

  startSession(info: SessionInfo, endReason?: string): void {
    this.#events.startSession(info, endReason);
  }

  endSession(reason: string): void {
    this.#events.endSession(reason);
  }

  /** The session stamped on events (the runtime id before any session starts). */
  get session(): SessionInfo {
    return this.#events.session;
  }

  // Every gate first waits for the extensions still starting that may intercept its event (see
  // late_joins.ts): a guard slow to say hello must not let the first turn or call through.

  async interceptToolCall(
    call: InterceptedToolCall,
    signal: AbortSignal,
  ): Promise<ToolCallDecision> {
    await this.#late.settled("tool_call", signal);
    return await interceptToolCall(this.#core, call, signal);
  }

  async interceptTurnStart(step: number, signal: AbortSignal): Promise<TurnStartDecision> {
    await this.#late.settled("turn_start", signal);
    return await interceptTurnStart(this.#core, step, signal);
  }

  async interceptAssistantMessage(
    text: string,
    signal: AbortSignal,
  ): Promise<AssistantMessageDecision> {
    await this.#late.settled("assistant_message", signal);
    return await interceptAssistantMessage(this.#core, text, signal);
  }

  /** Rejects with the abort reason when `signal` aborts mid-chain. */
  async beforeAgentStart(input: BeforeAgentStart, signal: AbortSignal): Promise<string> {
    await this.#late.settled("before_agent_start", signal);
    return await runBeforeAgentStart(this.#core, input, signal);
  }

  /** True also while an extension that may intercept `event` is still starting. */
  hasInterceptor(event: InterceptableEvent): boolean {
    return interceptors(this.#records, event).length > 0 || this.#late.mayIntercept(event);
  }

  // -------------------------------------------------------------------------
  // Reload and stop

  /**
   * `/reload-ext`: stop every extension (the session stays open), load what
   * `rediscover` returns now, and wait for ready.
   */
  async reload(
    rediscover: () => Promise<readonly ExtensionSource[]> | readonly ExtensionSource[],
    graceMs: number = SHUTDOWN_GRACE_MS,
  ): Promise<ReloadReport> {
    this.#lateAbort.abort("reload");
    this.#lateAbort = new AbortController();
    this.#supervisor.cancel();
    await Promise.all(this.#late.all());
    const old = this.#records.splice(0);
    this.#failures = [];
    this.#core.registry.clear();
    this.#core.diagnostics.clear();
    await stopRecords(old, graceMs);
    let sources: readonly ExtensionSource[];
    try {
      sources = await rediscover();
    } catch (e) {
      return discoveryFailed(old.length, e);
    }
    const report = await this.load(sources);
    await this.waitForReady(Math.max(graceMs, READY_GRACE_MS));
    const ready = readyCount(this.#records);
    return { stopped: old.length, loaded: report.loaded.length, ready, errors: report.errors };
  }

  /** End the session (`shutdown`), then stop every extension against one deadline. */
  stop(graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
    this.#stopped ??= this.#stop(graceMs);
    return this.#stopped;
  }

  async #stop(graceMs: number): Promise<void> {
    const deadline = Date.now() + graceMs;
    this.#supervisor.stop();
    this.#events.stop();
    // A handshake still running ends now (its process killed and reaped).
    this.#lateAbort.abort("stop");
    // Every call_tool still open gets its answer (cancelled) before `shutdown`,
    // within half the grace so the shutdown keeps the rest.
    await Promise.all(this.#records.map((r) => answerAllCallTools(r, graceMs / 2)));
    await Promise.all([stopRecords(this.#records, deadline - Date.now()), ...this.#late.all()]);
  }

  // -------------------------------------------------------------------------
  // Doctor

  diagnostics(): Diagnostic[] {
    return this.#core.diagnostics.list();
  }

  status(): ExtensionStatus[] {
    return this.#records.map(statusOf);
  }

  /** Every closed extension's close recorded with how it ended (bounded): reports await it. */
  async closesRecorded(): Promise<void> {
    await Promise.all(this.#records.map((r) => closeRecorded(r)));
  }

  loadFailures(): LoadFailure[] {
    return [...this.#failures];
  }
}
