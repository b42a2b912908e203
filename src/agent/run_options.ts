/**
 * What an agent is built from and what a run takes and returns.
 *
 * @module
 */

import type { ImageBlock } from "../protocol/content.ts";
import type { StopReason } from "../protocol/events.ts";
import type { Provider } from "../providers/types.ts";
import type { AgentHooks } from "./hooks.ts";
import type { Message } from "../model/types.ts";
import type { Confirmer } from "./confirm.ts";
import type { ToolRegistry } from "./tool_registry.ts";
import type { Session } from "./session.ts";

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
