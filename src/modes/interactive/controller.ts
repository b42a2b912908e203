/**
 * The run state machine: idle or running. A prompt typed (or submitted by
 * an extension) while a turn runs waits in the queue and starts when the
 * turn ends; Esc aborts the turn and drops the queue. Notes are cleared
 * when a prompt starts.
 *
 * @module
 */

import type { Agent, PromptOptions } from "../../agent/loop.ts";
import { errorMessage } from "../../errors.ts";
import { DEFAULT_SPINNER } from "../../tui/mod.ts";
import type { Screen } from "./screen.ts";

/** Work that owns the agent for a while (a prompt, a tool_prompt, compaction). */
export type Job = (agent: Agent) => Promise<unknown>;

interface Queued {
  label: string;
  job: Job;
}

export class Controller {
  #agent: Agent;
  #screen: Screen;
  #queue: Queued[] = [];
  #running: Promise<void> | undefined;

  constructor(agent: Agent, screen: Screen) {
    this.#agent = agent;
    this.#screen = screen;
  }

  get running(): boolean {
    return this.#running !== undefined;
  }

  get queued(): number {
    return this.#queue.length;
  }

  /** Resolves when the current run and everything queued are done. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /**
   * A user prompt: starts now or queues behind the running turn. A queued
   * prompt is announced to extensions when accepted (`queued: true`), not
   * again when it starts.
   */
  prompt(text: string, options: PromptOptions = {}): void {
    if (!this.#running) {
      this.enqueue(text, (agent) => agent.prompt(text, options));
      return;
    }
    this.#agent.hooks.emit({ event: "user_prompt_submit", text, queued: true });
    this.enqueue(text, (agent) => agent.prompt(text, { ...options, announced: true }));
  }

  enqueue(label: string, job: Job): void {
    this.#queue.push({ label, job });
    if (this.#running) {
      this.#screen.status.setInfo({ queued: this.#queue.length });
      this.#screen.render();
      return;
    }
    this.#running = this.#drain();
  }

  /** Esc: abort the running turn and forget the queue. */
  abort(): boolean {
    if (!this.#running) return false;
    this.#queue = [];
    this.#agent.abort();
    this.#screen.status.setInfo({ queued: 0 });
    return true;
  }

  async #drain(): Promise<void> {
    const { status, notes, transcript } = this.#screen;
    const { frames, intervalMs } = this.#screen.theme.spinner ?? DEFAULT_SPINNER;
    let frame = 0;
    const spin = () => {
      status.setInfo({ activity: `${frames[frame++ % frames.length]} working… (esc to abort)` });
      this.#screen.render();
    };
    const spinner = setInterval(spin, intervalMs);
    try {
      for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
        notes.clear();
        status.setInfo({ queued: this.#queue.length });
        spin();
        try {
          await next.job(this.#agent);
        } catch (e) {
          transcript.addError(errorMessage(e));
        }
      }
    } finally {
      clearInterval(spinner);
      this.#running = undefined;
      status.setInfo({ activity: "", queued: 0 });
      this.#screen.render();
    }
  }
}
