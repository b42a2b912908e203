/**
 * Lifecycle event payloads (wire shape). The host adds `session_id`, `cwd`
 * and `sequence` when it fans an event out; producers build these.
 *
 * @module
 */

import type { EventResult } from "./content.ts";
import type { JsonObject } from "./frames.ts";

/** How a tool call ended (`tool_result.status`). */
export type ToolStatus = "completed" | "failed" | "blocked" | "cancelled" | "timed_out";
/** Why a model reply ended (`turn_end.stop`). */
export type StopReason = "end_turn" | "tool_use" | "length" | "error" | "aborted";
/** What was decided about running a tool (`permission_decision.decision`). */
export type PermissionDecision = "approved" | "denied" | "cancelled";
/** Who decided it (`permission_decision.source`). */
export type PermissionSource = "user" | "remembered" | "policy" | "yolo";
/** When it was decided (`permission_decision.stage`). */
export type PermissionStage = "pre_execution" | "tool_execution";
/** How a compaction or sub-agent run ended. */
export type RunStatus = "completed" | "failed" | "cancelled" | "timed_out";

/** Fields every tool-related event may carry when an extension made the call. */
export interface Origin {
  /** The extension whose `call_tool` made the call. */
  origin_extension?: string;
}

/** One lifecycle event's payload, discriminated by `event`. */
export type LifecycleEvent =
  | { event: "session_start" }
  | { event: "session_end"; reason: string }
  | { event: "user_prompt_submit"; text?: string; queued?: boolean; image_count?: number }
  | { event: "turn_start"; step: number }
  | { event: "turn_end"; stop: StopReason; error?: string }
  | ({
    event: "tool_call";
    tool_id: string;
    tool_name: string;
    tool_args?: JsonObject;
    tool_args_raw?: string;
  } & Origin)
  | ({
    event: "tool_confirmation_requested";
    tool_id: string;
    tool_name: string;
    tool_preview: string;
  } & Origin)
  | ({
    event: "permission_decision";
    tool_id: string;
    tool_name: string;
    decision: PermissionDecision;
    source: PermissionSource;
    stage: PermissionStage;
    reason?: string;
  } & Origin)
  | ({
    event: "tool_result";
    tool_id: string;
    tool_name: string;
    tool_args?: JsonObject;
    tool_args_raw?: string;
    status: ToolStatus;
    executed: boolean;
    result: EventResult;
  } & Origin)
  | { event: "assistant_message"; text: string }
  | { event: "pre_compact"; compaction_id: string; message_count: number; token_estimate: number }
  | {
    event: "post_compact";
    compaction_id: string;
    message_count: number;
    token_estimate: number;
    status: RunStatus;
    error?: string;
  }
  | {
    event: "subagent_start";
    agent_id: string;
    agent_run_id: string;
    /** The agent id (the protocol's choice for now). */
    name: string;
    /** The label the model gave the subagent, when it gave one. */
    label?: string;
    /** The parent conversation at spawn; the host stamps it instead of its current one. */
    session_id?: string;
  }
  | {
    event: "subagent_stop";
    agent_id: string;
    agent_run_id: string;
    name: string;
    label?: string;
    status: RunStatus;
    error?: string;
    /** As on `subagent_start`: kept even when the active conversation changed. */
    session_id?: string;
  };

/** Fields the host adds to every notification. */
export interface EventEnvelope {
  session_id: string;
  cwd: string;
  sequence: number;
}
