/**
 * The provider contract: one streaming call per model step. Nothing SDK-
 * specific leaks above this file's types.
 *
 * @module
 */

import type { AssistantMessage, Message, ToolSpec, Usage } from "../model/types.ts";
import type { JsonObject } from "../protocol/frames.ts";

export type ProviderId = "anthropic" | "openai";

/** One model request. */
export interface ModelRequest {
  model: string;
  /** The complete system prompt ("" = none). */
  system: string;
  messages: Message[];
  /** Sorted by name so provider prompt caching hits. */
  tools: ToolSpec[];
  maxTokens?: number;
  signal: AbortSignal;
}

/** What a stream yields, in order; it always ends with `done` or `error`. */
export type StreamEvent =
  | { type: "text_delta"; delta: string }
  | { type: "tool_call"; id: string; name: string; args: JsonObject; args_raw?: string }
  | { type: "usage"; usage: Usage }
  | { type: "retry"; attempt: number; delayMs: number; error: string }
  | { type: "done"; message: AssistantMessage }
  | { type: "error"; message: string; status?: number; aborted?: boolean };

/** A model known to zot (for `--list-models`, cost and context size). */
export interface ModelInfo {
  id: string;
  provider: ProviderId;
  contextWindow: number;
  maxOutput: number;
  /** USD per million tokens. */
  inputCost: number;
  outputCost: number;
  cacheReadCost?: number;
  cacheWriteCost?: number;
}

/** A configured LLM API client. */
export interface Provider {
  readonly id: ProviderId;
  stream(request: ModelRequest): AsyncIterable<StreamEvent>;
  /**
   * Start loading what the first request needs (the lazily imported SDK)
   * without waiting, so a run that will certainly call the model overlaps
   * that load with its own set-up. Optional; never throws.
   */
  prepare?(): void;
}
