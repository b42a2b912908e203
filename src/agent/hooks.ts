/**
 * What the agent loop asks of the outside world at each step. The extension
 * host implements it; tests and `--no-ext` runs use {@linkcode NO_HOOKS}.
 * The agent knows nothing of extensions beyond this interface.
 *
 * @module
 */

import type { JsonObject } from "../protocol/frames.ts";
import type { AgentEvent } from "./events.ts";

// The port's own vocabulary: the host implements `notify` and adapts the events to its wire.
export type { AgentEvent, SubagentEvent, ToolCallEvent, ToolResultEvent } from "./events.ts";

/** A tool call as the interception chain sees it. */
export interface InterceptedToolCall {
  toolId: string;
  toolName: string;
  /** Current args (already rewritten by earlier interceptors). */
  args: JsonObject;
  origin?: string;
}

export type ToolCallDecision =
  | { block: true; reason: string }
  | { block: false; args: JsonObject };

export interface TurnStartDecision {
  block: boolean;
  reason?: string;
}

export interface AssistantMessageDecision {
  block: boolean;
  reason?: string;
  /** Text the user sees (after `replace_text` rewrites). */
  text: string;
}

/** Input of one `before_agent_start` preparation pass. */
export interface BeforeAgentStart {
  systemPrompt: string;
  sessionId: string;
  agentRunId: string;
  cwd: string;
  provider: string;
  model: string;
}

/** Session identity the host stamps on every notification. */
export interface SessionInfo {
  sessionId: string;
  cwd: string;
}

export interface AgentHooks {
  /**
   * Every agent event, fire-and-forget (never blocks the loop). The host
   * forwards the ones extensions hear as lifecycle notifications.
   */
  notify(event: AgentEvent): void;
  /**
   * Resolves when every extension can take another burst of notifications
   * (bounded: one that stopped reading is disconnected). A producer emitting
   * once per item of a list (tool calls of a reply) awaits it between items,
   * so its own burst never overflows a reading extension's queue.
   */
  paced(): Promise<void>;
  /** Opens a session (emits `session_end` of a previous one first). */
  startSession(info: SessionInfo, endReason?: string): void;
  /** Closes the active session once. */
  endSession(reason: string): void;
  interceptToolCall(call: InterceptedToolCall, signal: AbortSignal): Promise<ToolCallDecision>;
  interceptTurnStart(step: number, signal: AbortSignal): Promise<TurnStartDecision>;
  interceptAssistantMessage(text: string, signal: AbortSignal): Promise<AssistantMessageDecision>;
  /** Runs the serial replacement chain; returns the final prompt. */
  beforeAgentStart(input: BeforeAgentStart, signal: AbortSignal): Promise<string>;
  /** Whether any extension intercepts before_agent_start (skip the pass otherwise). */
  hasInterceptor(
    event: "before_agent_start" | "tool_call" | "turn_start" | "assistant_message",
  ): boolean;
}

/** Hooks that observe nothing and allow everything. */
export const NO_HOOKS: AgentHooks = {
  notify() {},
  paced: () => Promise.resolve(),
  startSession() {},
  endSession() {},
  interceptToolCall: (call) => Promise.resolve({ block: false, args: call.args }),
  interceptTurnStart: () => Promise.resolve({ block: false }),
  interceptAssistantMessage: (text) => Promise.resolve({ block: false, text }),
  beforeAgentStart: (input) => Promise.resolve(input.systemPrompt),
  hasInterceptor: () => false,
};
