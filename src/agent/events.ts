/**
 * The agent's one event stream, in the domain vocabulary (camelCase fields).
 * Each event is emitted once; every consumer reads the same stream: the
 * extension host turns the events extensions hear into lifecycle frames, the
 * JSON and RPC modes turn the events clients hear into their snake_case event
 * lines, the TUI draws them. Those conversions live at their edges, one
 * adapter each; nothing in here knows a wire name.
 *
 * Event type names are shared with the wire (`turn_start`, `tool_result`):
 * they name the same moments there.
 *
 * Facts a consumer needs to pick its events travel on the event, never an
 * audience: `inTranscript` (false for a tool an extension ran with
 * `call_tool`, which is no part of the conversation), `beyondBound` (a call
 * of a reply past the per-reply bound, refused without running).
 *
 * @module
 */

import type { ContentBlock } from "../protocol/content.ts";
import type { JsonObject } from "../protocol/frames.ts";
import type {
  PermissionDecision,
  PermissionSource,
  PermissionStage,
  RunStatus,
  StopReason,
  ToolStatus,
} from "../protocol/events.ts";
import type { AssistantMessage, Usage, UserMessage } from "../model/types.ts";

/** A tool call as it was proposed (by the model, a `tool_prompt` or an extension's call_tool). */
export interface ToolCallEvent {
  type: "tool_call";
  id: string;
  name: string;
  /** The args as proposed (`{}` when they were not valid JSON). */
  args: JsonObject;
  /** The proposed args as text when they were not valid JSON. */
  argsRaw?: string;
  /** The extension that made the call, if one did. */
  origin?: string;
  inTranscript: boolean;
  beyondBound?: boolean;
}

/** How a tool call ended. */
export interface ToolResultEvent {
  type: "tool_result";
  id: string;
  name: string;
  /** The effective args (after rewrites), or the last proposed ones when refused. */
  args: JsonObject;
  argsRaw?: string;
  status: ToolStatus;
  executed: boolean;
  content: ContentBlock[];
  isError: boolean;
  origin?: string;
  inTranscript: boolean;
  beyondBound?: boolean;
}

export type AgentEvent =
  /** A prompt was accepted (`queued` when it waits behind a running turn). */
  | { type: "user_prompt_submit"; text: string; imageCount: number; queued: boolean }
  /** The user's message, as recorded. */
  | { type: "user_message"; message: UserMessage }
  | { type: "turn_start"; step: number }
  | { type: "assistant_start" }
  | { type: "text_delta"; delta: string }
  /** One request's usage and the running total of the conversation. */
  | { type: "usage"; usage: Usage; cumulative: Usage }
  /** The request failed and is sent again after `delayMs` (429, 5xx, a dropped stream). */
  | { type: "retry"; attempt: number; delayMs: number; error: string }
  /**
   * What the user sees of a reply: `message` after interception (its text replaced or none),
   * `text` its visible text ("" when it has none). Not emitted for a hidden reply.
   */
  | { type: "assistant_message"; message: AssistantMessage; text: string }
  | ToolCallEvent
  | { type: "tool_progress"; id: string; text: string }
  | {
    type: "tool_confirmation_requested";
    id: string;
    name: string;
    preview: string;
    origin?: string;
  }
  | {
    type: "permission_decision";
    id: string;
    name: string;
    decision: PermissionDecision;
    source: PermissionSource;
    stage: PermissionStage;
    reason?: string;
    origin?: string;
  }
  | ToolResultEvent
  | { type: "turn_end"; stop: StopReason; error?: string }
  /** The run failed (not emitted for an aborted run). */
  | { type: "error"; message: string }
  /** The run ended. */
  | { type: "done" }
  | { type: "pre_compact"; compactionId: string; messageCount: number; tokenEstimate: number }
  | {
    type: "post_compact";
    compactionId: string;
    messageCount: number;
    tokenEstimate: number;
    status: RunStatus;
    error?: string;
  }
  /** A compaction that ran inside a prompt replaced the head of the transcript. */
  | { type: "compact_done"; summary: string }
  | SubagentEvent;

/** A delegated task started or stopped; `sessionId` is the parent conversation at spawn. */
export type SubagentEvent =
  | { type: "subagent_start"; agentId: string; runId: string; name: string; sessionId: string }
  | {
    type: "subagent_stop";
    agentId: string;
    runId: string;
    name: string;
    status: RunStatus;
    error?: string;
    sessionId: string;
  };

export type AgentListener = (event: AgentEvent) => void;
