/**
 * The agent: one run per user prompt, one model step per iteration, tools
 * executed sequentially between steps. Lifecycle events go to the hooks
 * (extensions); render events go to subscribers (modes). The order of both
 * follows the reference host.
 *
 * @module
 */

import type { ImageBlock, TextBlock } from "../protocol/content.ts";
import type { StopReason } from "../protocol/events.ts";
import type { Provider } from "../providers/types.ts";
import type { AgentHooks } from "./hooks.ts";
import { NO_HOOKS } from "./hooks.ts";
import type { Message, Usage, UserMessage } from "../model/types.ts";
import type { Confirmer } from "./confirm.ts";
import type { ToolRegistry } from "./tool_registry.ts";
import type { ToolExecEnv } from "./tool_exec.ts";
import { DEFAULT_MAX_TOOL_CALLS, refuseBeyondBound, runToolBatch } from "./tool_batch.ts";
import { announceAssistant } from "./announce.ts";
import { SystemPromptPreparer } from "./prompt_prep.ts";
import type { Session } from "./session.ts";
import { streamTurn } from "./turn.ts";
import { recordedContextTokens, repairDanglingToolCalls, usageTokens } from "./transcript.ts";
import {
  addUsage,
  type AgentEvent,
  type AgentListener,
  toWireMessage,
  ZERO_USAGE,
} from "./events.ts";
import { linkedController } from "./cancel.ts";
import { ZotError } from "../errors.ts";

export interface AgentOptions {
  provider: Provider;
  model: string;
  registry: ToolRegistry;
  session: Session;
  /** The assembled base system prompt (re-read after invalidation). */
  basePrompt: () => string;
  hooks?: AgentHooks;
  confirmer?: Confirmer;
  /** True only in the TUI: interactive extension tools need it. */
  interactive?: boolean;
  /** Where tools run; defaults to the session's cwd. */
  cwd?: string;
  /** 0 or undefined = unlimited. */
  maxSteps?: number;
  /** Tool calls run per model reply; the rest get an error result. Default 64. */
  maxToolCalls?: number;
  maxTokens?: number;
  /**
   * Runs before each prompt, inside it (the agent is busy): compacts the transcript when the
   * last request came near the context window (agent/compaction.ts `autoCompact`).
   */
  autoCompact?: (signal: AbortSignal) => Promise<void>;
}

export interface RunResult {
  stop: StopReason;
  /** Visible text of the last assistant message ("" when hidden or none). */
  text: string;
  error?: string;
  steps: number;
}

/**
 * Messages recorded after the user's message and before the first model
 * turn (the TUI's `tool_prompt`: a synthetic tool call and its result).
 */
export type PromptPrelude = (signal: AbortSignal) => Promise<Message[]>;

export interface PromptOptions {
  images?: ImageBlock[];
  signal?: AbortSignal;
  prelude?: PromptPrelude;
  /**
   * `user_prompt_submit` was already emitted when the prompt was accepted
   * (a prompt queued behind a running turn, announced with `queued: true`).
   */
  announced?: boolean;
}

export const TURN_BLOCKED_REASON = "turn blocked by extension guard";

export class Agent {
  readonly registry: ToolRegistry;
  readonly hooks: AgentHooks;
  readonly cwd: string;
  #provider: Provider;
  #model: string;
  #session: Session;
  #messages: Message[];
  #listeners = new Set<AgentListener>();
  #preparer: SystemPromptPreparer;
  #options: AgentOptions;
  #run: AbortController | undefined;
  #busy = false;
  #sessionStarted = false;
  #usage: Usage = ZERO_USAGE;
  #contextTokens = 0;

  constructor(options: AgentOptions) {
    this.#options = options;
    this.#provider = options.provider;
    this.#model = options.model;
    this.registry = options.registry;
    this.hooks = options.hooks ?? NO_HOOKS;
    this.#session = options.session;
    this.cwd = options.cwd ?? options.session.cwd;
    this.#messages = [...options.session.initialMessages];
    this.#contextTokens = recordedContextTokens(this.#messages);
    this.#preparer = new SystemPromptPreparer(options.basePrompt, this.hooks, () => ({
      sessionId: this.#session.id,
      cwd: this.cwd,
      provider: this.#provider.id,
      model: this.#model,
    }));
  }

  get model(): string {
    return this.#model;
  }
  get provider(): Provider {
    return this.#provider;
  }
  get session(): Session {
    return this.#session;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get usage(): Usage {
    return this.#usage;
  }
  /** Tokens the last model request held (prompt and answer); 0 when not known yet. */
  get contextTokens(): number {
    return this.#contextTokens;
  }
  /** A copy of the transcript. */
  get messages(): Message[] {
    return [...this.#messages];
  }

  subscribe(listener: AgentListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: AgentEvent): void {
    for (const l of this.#listeners) {
      try {
        l(event);
      } catch {
        // A broken renderer must not stop the agent.
      }
    }
  }

  /** Opens the lifecycle session once (headless modes: at the first observation). */
  startSession(): void {
    if (this.#sessionStarted) return;
    this.#sessionStarted = true;
    this.hooks.startSession({ sessionId: this.#session.id, cwd: this.cwd });
  }

  /** Switches to another session (clear, resume): ends the old one with `reason`. */
  switchSession(session: Session, reason = "session_switch"): void {
    this.#session = session;
    this.#messages = [...session.initialMessages];
    this.#contextTokens = recordedContextTokens(this.#messages);
    this.#preparer.invalidate();
    if (this.#sessionStarted) {
      this.hooks.startSession({ sessionId: session.id, cwd: this.cwd }, reason);
    }
  }

  /** Drops the transcript (keeps the session identity, records the clear) and rebuilds the prompt. */
  clear(): void {
    // Recorded, so resuming the session (-c, --session, /sessions) does not bring it back.
    if (this.#messages.length > 0) void this.#session.recordClear();
    this.#messages = [];
    this.#usage = ZERO_USAGE;
    this.#contextTokens = 0;
    this.#preparer.invalidate();
  }

  setModel(model: string, provider?: Provider): void {
    this.#model = model;
    if (provider) this.#provider = provider;
    this.#preparer.invalidate();
  }

  /** Plugs (or removes) the confirmation dialog (`--no-yolo` in the TUI). */
  setConfirmer(confirmer: Confirmer | undefined): void {
    this.#options = { ...this.#options, confirmer };
  }

  /** Re-run `before_agent_start` before the next request (reload, prompt rebuild). */
  invalidateSystemPrompt(): void {
    this.#preparer.invalidate();
  }

  /** The system prompt the next request will carry. */
  systemPrompt(signal: AbortSignal = new AbortController().signal): Promise<string> {
    return this.#preparer.get(signal);
  }

  /** Aborts the current run (Esc, SIGINT, RPC abort). */
  abort(reason = "aborted by user"): void {
    this.#run?.abort(new DOMException(reason, "AbortError"));
  }

  /**
   * Counts a model request made outside a turn (a compaction summary) in the run's usage and
   * cost. Silent: the next `usage` event's `cumulative` carries it, and the context size stays
   * the conversation's, not the summarizing request's.
   */
  countUsage(usage: Usage): void {
    this.#usage = addUsage(this.#usage, usage);
  }

  /** Replaces the transcript (compaction); `dropped` leading messages became `summary`. */
  async replaceHead(dropped: number, summary: Message): Promise<void> {
    this.#messages = [summary, ...this.#messages.slice(dropped)];
    this.#contextTokens = 0;
    await this.#session.recordCompaction(dropped, summary);
  }

  /** Marks the agent busy for work outside a run (compaction). */
  async exclusive<T>(work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#busy) {
      throw new ZotError("busy", "The agent is busy (wait for the current run or abort it)");
    }
    this.#busy = true;
    const controller = linkedController(signal);
    this.#run = controller;
    try {
      return await work(controller.signal);
    } finally {
      this.#busy = false;
      this.#run = undefined;
      controller.dispose();
    }
  }

  /** Runs one user prompt to completion. */
  prompt(
    text: string,
    options: PromptOptions = {},
  ): Promise<RunResult> {
    return this.exclusive(
      (signal) => this.#runPrompt(text, options.images ?? [], signal, options),
      options.signal,
    );
  }

  /** The environment tool calls run in (also used by the extension ToolCaller). */
  toolEnv(): ToolExecEnv {
    return {
      registry: this.registry,
      hooks: this.hooks,
      confirmer: this.#options.confirmer,
      cwd: this.cwd,
      interactive: this.#options.interactive === true,
      progress: (id, text) => this.emit({ type: "tool_progress", id, text }),
    };
  }

  async #append(message: Message): Promise<void> {
    this.#messages.push(message);
    await this.#session.append(message);
  }

  #turnEnd(stop: StopReason, error?: string): void {
    this.hooks.emit({ event: "turn_end", stop, ...(error ? { error } : {}) });
    this.emit({ type: "turn_end", stop, ...(error ? { error } : {}) });
  }

  async #runPrompt(
    text: string,
    images: ImageBlock[],
    signal: AbortSignal,
    options: PromptOptions,
  ): Promise<RunResult> {
    const prelude = options.prelude;
    this.startSession();
    if (!options.announced) {
      this.hooks.emit({
        event: "user_prompt_submit",
        ...(text ? { text } : {}),
        ...(images.length ? { image_count: images.length } : {}),
      });
    }
    // Before the new message, so the summary covers what came before it and the prompt is sent
    // right after with room to spare.
    await this.#options.autoCompact?.(signal);
    const content: (TextBlock | ImageBlock)[] = text
      ? [{ type: "text", text }, ...images]
      : [...images];
    const user: UserMessage = { role: "user", content, time: new Date().toISOString() };
    await this.#append(user);
    const wire = toWireMessage(user);
    this.emit({ type: "user_message", content: wire.content, time: wire.time });
    if (prelude) {
      for (const message of await prelude(signal)) await this.#append(message);
      if (signal.aborted) {
        this.emit({ type: "done" });
        return { stop: "aborted", text: "", steps: 0 };
      }
    }
    const result = await this.#steps(signal);
    if (result.error && result.stop !== "aborted") {
      this.emit({ type: "error", message: result.error });
    }
    this.emit({ type: "done" });
    return result;
  }

  async #steps(signal: AbortSignal): Promise<RunResult> {
    const maxSteps = this.#options.maxSteps ?? 0;
    let lastText = "";
    for (let step = 1;; step++) {
      if (maxSteps > 0 && step > maxSteps) {
        const error = `Stopped after ${maxSteps} step${
          maxSteps === 1 ? "" : "s"
        } (raise --max-steps to let the agent continue)`;
        return { stop: "tool_use", text: lastText, error, steps: step - 1 };
      }
      this.hooks.emit({ event: "turn_start", step });
      this.emit({ type: "turn_start", step });
      // A gate that cannot decide refuses (fail closed); a cancelled run ends below as aborted.
      const gate = await this.hooks.interceptTurnStart(step, signal).catch((e) => ({
        block: !signal.aborted,
        reason: `Turn refused: the turn check failed (${e instanceof Error ? e.message : e})`,
      }));
      if (gate.block) {
        const reason = gate.reason || TURN_BLOCKED_REASON;
        this.#turnEnd("error", reason);
        return { stop: "error", text: lastText, error: reason, steps: step };
      }
      let system: string;
      try {
        system = await this.#preparer.get(signal);
      } catch {
        this.#turnEnd("aborted");
        return { stop: "aborted", text: lastText, steps: step };
      }
      repairDanglingToolCalls(this.#messages);
      const suppressDeltas = this.hooks.hasInterceptor("assistant_message");
      this.emit({ type: "assistant_start" });
      const turn = await streamTurn(this.#provider, {
        model: this.#model,
        system,
        messages: [...this.#messages],
        tools: this.registry.specs(),
        maxTokens: this.#options.maxTokens,
        signal,
      }, {
        // Deltas are held back when an interceptor may hide or rewrite the text.
        textDelta: (delta) => suppressDeltas || this.emit({ type: "text_delta", delta }),
        usage: (usage) => {
          this.#usage = addUsage(this.#usage, usage);
          this.#contextTokens = usageTokens(usage);
          this.emit({ type: "usage", ...usage, cumulative: this.#usage });
        },
        retry: (error, attempt, delayMs) => {
          this.hooks.emit({ event: "turn_end", stop: "error", error });
          this.emit({ type: "retry", attempt, delay_ms: delayMs, error });
        },
      });
      const message = { ...turn.message, model: this.#model, time: new Date().toISOString() };
      if (message.content.length > 0) await this.#append(message);
      lastText = await announceAssistant(message, this.hooks, (e) => this.emit(e), signal);
      const proposed = message.content.filter((b) => b.type === "tool_call");
      // Bounded per reply: every call costs guard round trips and extension frames.
      const bound = this.#options.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS;
      const calls = proposed.slice(0, bound);
      const refused = proposed.slice(bound);
      for (const call of calls) {
        // One notification per call: wait for the extensions to keep up, so a
        // long reply never overflows (and disconnects) a guard that reads.
        await this.hooks.paced();
        this.hooks.emit({
          event: "tool_call",
          tool_id: call.id,
          tool_name: call.name,
          ...(call.args_raw !== undefined
            ? { tool_args_raw: call.args_raw }
            : { tool_args: call.args }),
        });
        this.emit({ type: "tool_call", id: call.id, name: call.name, args: call.args });
      }
      this.#turnEnd(turn.stop, turn.error);
      if (turn.stop !== "tool_use" || calls.length === 0) {
        return { stop: turn.stop, text: lastText, error: turn.error, steps: step };
      }
      const results = await runToolBatch(calls, this.toolEnv(), signal, (e) => this.emit(e));
      results.push(...refuseBeyondBound(refused, proposed.length, bound, (e) => this.emit(e)));
      await this.#append({ role: "tool", content: results, time: new Date().toISOString() });
      if (signal.aborted) return { stop: "aborted", text: lastText, steps: step };
    }
  }
}
