/**
 * The run state machine: idle or running. A prompt typed (or submitted by
 * an extension) while a turn runs waits in the queue and starts when the
 * turn ends; Esc aborts the turn and empties the queue, giving the prompts
 * the user typed back to the editor (they are the user's words, not to be
 * lost to a key meant for the turn). Notes are cleared when a prompt starts.
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
  /** What the user typed, for the editor when the queue is dropped. */
  typed?: string;
}

/** What an abort did: how many typed prompts went back to the editor. */
export interface Aborted {
  restored: number;
}

function stoppedByAbort(result: unknown): boolean {
  return typeof result === "object" && result !== null && "stop" in result &&
    result.stop === "aborted";
}

export class Controller {
  #agent: Agent;
  #screen: Screen;
  #queue: Queued[] = [];
  #running: Promise<void> | undefined;
  /** Called when a run and its queue are done (the app checks on extensions then). */
  onIdle: (() => void) | undefined;

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
    this.#prompt(text, options);
  }

  /** A prompt the user typed: like {@linkcode prompt}, but an abort gives it back. */
  promptTyped(text: string): void {
    this.#prompt(text, {}, text);
  }

  #prompt(text: string, options: PromptOptions, typed?: string): void {
    if (!this.#running) {
      this.enqueue(text, (agent) => agent.prompt(text, options));
      return;
    }
    this.#agent.emit({ type: "user_prompt_submit", text, imageCount: 0, queued: true });
    this.enqueue(text, (agent) => agent.prompt(text, { ...options, announced: true }), typed);
  }

  enqueue(label: string, job: Job, typed?: string): void {
    this.#queue.push({ label, job, ...(typed !== undefined ? { typed } : {}) });
    if (this.#running) {
      this.#showQueue();
      this.#screen.render();
      return;
    }
    this.#running = this.#drain();
  }

  /**
   * Esc: abort the running turn and empty the queue. The prompts the user
   * typed go back to the editor, oldest first, before what it holds now.
   */
  abort(): Aborted | undefined {
    if (!this.#running) return undefined;
    const typed = this.#queue.flatMap((q) => (q.typed !== undefined ? [q.typed] : []));
    this.#queue = [];
    this.#agent.abort();
    this.#showQueue();
    if (typed.length > 0) {
      const { editor } = this.#screen;
      editor.setText([...typed, editor.getText()].filter((t) => t !== "").join("\n"));
    }
    return { restored: typed.length };
  }

  /** The count on the status line and the prompts above the editor. */
  #showQueue(): void {
    this.#screen.status.setInfo({ queued: this.#queue.length });
    this.#screen.queue.set(this.#queue.map((q) => q.label));
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
        this.#showQueue();
        spin();
        try {
          const result = await next.job(this.#agent);
          // Wherever it stopped (streaming, a tool call, a tool_prompt prelude): one marker.
          if (stoppedByAbort(result)) transcript.addInfo("(aborted)");
        } catch (e) {
          transcript.addError(errorMessage(e));
        }
      }
    } finally {
      clearInterval(spinner);
      this.#running = undefined;
      status.setInfo({ activity: "" });
      this.#showQueue();
      this.onIdle?.();
      this.#screen.render();
    }
  }
}
