/**
 * The `before_agent_start` preparation pass. One pass before the first model
 * call; its result is reused across messages, retries and steps until
 * `invalidate()` (model change, clear, session change, reload). Every pass
 * starts from the unmodified base prompt with a fresh `agent_run_id`; an
 * invalidation while a pass waits discards that pass and runs a new one.
 *
 * @module
 */

import type { AgentHooks } from "./hooks.ts";

export interface PrepInfo {
  sessionId: string;
  cwd: string;
  provider: string;
  model: string;
}

export class SystemPromptPreparer {
  #generation = 0;
  #committed: { generation: number; prompt: string } | undefined;
  #inflight: { generation: number; promise: Promise<string> } | undefined;
  #base: () => string;
  #hooks: AgentHooks;
  #info: () => PrepInfo;

  constructor(base: () => string, hooks: AgentHooks, info: () => PrepInfo) {
    this.#base = base;
    this.#hooks = hooks;
    this.#info = info;
  }

  /** Forget the prepared prompt; the next `get` runs a new pass. */
  invalidate(): void {
    this.#generation++;
    this.#committed = undefined;
  }

  /** The prompt of the current pass (running one if needed). */
  async get(signal: AbortSignal): Promise<string> {
    for (;;) {
      const generation = this.#generation;
      if (this.#committed?.generation === generation) return this.#committed.prompt;
      if (!this.#hooks.hasInterceptor("before_agent_start")) {
        // Cached too: the prompt stays byte-identical across steps (prompt caching).
        const prompt = this.#base();
        this.#committed = { generation, prompt };
        return prompt;
      }
      if (this.#inflight?.generation !== generation) {
        this.#inflight = { generation, promise: this.#runPass(signal) };
      }
      const inflight = this.#inflight;
      let prompt: string;
      try {
        prompt = await inflight.promise;
      } finally {
        if (this.#inflight === inflight) this.#inflight = undefined;
      }
      // Cancellation stops the preparation without committing anything.
      signal.throwIfAborted();
      if (generation !== this.#generation) continue; // reset while waiting: discard, re-run
      this.#committed = { generation, prompt };
      return prompt;
    }
  }

  #runPass(signal: AbortSignal): Promise<string> {
    const info = this.#info();
    const base = this.#base();
    return this.#hooks.beforeAgentStart(
      { systemPrompt: base, agentRunId: crypto.randomUUID(), ...info },
      signal,
    ).catch(() => base);
  }
}
