/**
 * Accumulates one streamed reply into the transcript's AssistantMessage,
 * whatever the API: consecutive text deltas join one text block, tool calls
 * follow in stream order, usage gets its cost from the model table.
 *
 * @module
 */

import type { AssistantMessage, ToolCallBlock, Usage } from "../model/types.ts";
import type { TextBlock } from "../protocol/content.ts";
import type { StopReason } from "../protocol/events.ts";
import { costOf } from "./models.ts";

export class ReplyBuilder {
  readonly content: (TextBlock | ToolCallBlock)[] = [];
  #text: TextBlock | undefined;
  #usage: Omit<Usage, "cost_usd"> = { input: 0, output: 0, cache_read: 0, cache_write: 0 };
  #sawUsage = false;

  constructor(readonly model: string) {}

  appendText(delta: string): void {
    if (!this.#text) {
      this.#text = { type: "text", text: "" };
      this.content.push(this.#text);
    }
    this.#text.text += delta;
  }

  /** Ends the current text block (a later delta starts a new one). */
  endText(): void {
    this.#text = undefined;
  }

  addToolCall(call: ToolCallBlock): void {
    this.endText();
    this.content.push(call);
  }

  get hasToolCalls(): boolean {
    return this.content.some((b) => b.type === "tool_call");
  }

  /** Overwrite the given counters (APIs report cumulative figures). */
  setUsage(patch: Partial<Omit<Usage, "cost_usd">>): void {
    this.#sawUsage = true;
    for (const [key, value] of Object.entries(patch)) {
      if (typeof value === "number" && key in this.#usage) {
        this.#usage = { ...this.#usage, [key]: value };
      }
    }
  }

  /** Usage with cost, or undefined when the API reported none. */
  usage(): Usage | undefined {
    if (!this.#sawUsage) return undefined;
    return { ...this.#usage, cost_usd: costOf(this.model, this.#usage) };
  }

  finish(stop: StopReason, error?: string): AssistantMessage {
    const usage = this.usage();
    return {
      role: "assistant",
      // Empty text blocks (a stream that opened one and said nothing) carry no meaning.
      content: this.content.filter((b) => b.type !== "text" || b.text !== ""),
      stop,
      ...(error ? { error } : {}),
      ...(usage ? { usage } : {}),
      model: this.model,
      time: new Date().toISOString(),
    };
  }
}
