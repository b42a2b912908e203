/**
 * The agent: its state (model, transcript, usage, session) and one run per
 * user prompt, one model step per iteration (./step.ts) until the model
 * stops asking for tools. Every event is emitted once, to the hooks
 * (extensions hear what they subscribe to) and to subscribers (modes).
 *
 * @module
 */

import type { ImageBlock, TextBlock } from "../protocol/content.ts";
import type { Provider } from "../providers/types.ts";
import type { AgentHooks } from "./hooks.ts";
import { NO_HOOKS } from "./hooks.ts";
import type { Message, Usage, UserMessage } from "../model/types.ts";
import type { Confirmer } from "./confirm.ts";
import type { ToolRegistry } from "./tool_registry.ts";
import type { ToolExecEnv } from "./tool_exec.ts";
import { SystemPromptPreparer } from "./prompt_prep.ts";
import type { Session } from "./session.ts";
import { recordedContextTokens, usageTokens } from "./transcript.ts";
import type { AgentEvent, AgentListener } from "./events.ts";
import { addUsage, ZERO_USAGE } from "./usage.ts";
import { runStep, type StepContext } from "./step.ts";
import type { AgentOptions, PromptOptions, RunResult } from "./run_options.ts";
import { linkedController } from "./cancel.ts";
import { ZotError } from "../errors.ts";

export type { AgentOptions, PromptOptions, PromptPrelude, RunResult } from "./run_options.ts";
export { TURN_BLOCKED_REASON } from "./step.ts";

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

  /** Emits `event` once: to the hooks (the extensions' edge), then to every subscriber. */
  emit(event: AgentEvent): void {
    this.hooks.notify(event);
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
      emit: (event) => this.emit(event),
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

  async #runPrompt(
    text: string,
    images: ImageBlock[],
    signal: AbortSignal,
    options: PromptOptions,
  ): Promise<RunResult> {
    const prelude = options.prelude;
    this.startSession();
    if (!options.announced) {
      this.emit({ type: "user_prompt_submit", text, imageCount: images.length, queued: false });
    }
    // Before the new message, so the summary covers what came before it and the prompt is sent
    // right after with room to spare.
    await this.#options.autoCompact?.(signal);
    const content: (TextBlock | ImageBlock)[] = text
      ? [{ type: "text", text }, ...images]
      : [...images];
    const user: UserMessage = { role: "user", content, time: new Date().toISOString() };
    await this.#append(user);
    this.emit({ type: "user_message", message: user });
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
    const ctx = this.#stepContext();
    let lastText = "";
    for (let step = 1;; step++) {
      if (maxSteps > 0 && step > maxSteps) {
        const error = `Stopped after ${maxSteps} step${
          maxSteps === 1 ? "" : "s"
        } (raise --max-steps to let the agent continue)`;
        return { stop: "tool_use", text: lastText, error, steps: step - 1 };
      }
      const outcome = await runStep(ctx, step, signal);
      if (outcome.text !== undefined) lastText = outcome.text;
      if (!outcome.next) {
        return { stop: outcome.stop, text: lastText, error: outcome.error, steps: step };
      }
    }
  }

  /** What a step sees of the agent: read at each use, as a setModel or switch may come between. */
  #stepContext(): StepContext {
    // deno-lint-ignore no-this-alias
    const agent = this;
    return {
      hooks: this.hooks,
      get provider() {
        return agent.#provider;
      },
      get model() {
        return agent.#model;
      },
      registry: this.registry,
      maxTokens: this.#options.maxTokens,
      maxToolCalls: this.#options.maxToolCalls,
      get messages() {
        return agent.#messages;
      },
      systemPrompt: (signal) => this.#preparer.get(signal),
      append: (message) => this.#append(message),
      emit: (event) => this.emit(event),
      countRequest: (usage) => {
        this.#usage = addUsage(this.#usage, usage);
        this.#contextTokens = usageTokens(usage);
        return this.#usage;
      },
      toolEnv: () => this.toolEnv(),
    };
  }
}
