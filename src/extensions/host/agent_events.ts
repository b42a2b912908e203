/**
 * The extension protocol edge of the agent's event stream: the one place
 * that turns an agent event (domain vocabulary) into the lifecycle
 * notification extensions receive (wire vocabulary, snake_case). Events
 * extensions do not hear (deltas, usage, a tool's progress) map to nothing
 * and so take no sequence number.
 *
 * @module
 */

import type { AgentEvent } from "../../agent/hooks.ts";
import type { LifecycleEvent } from "../../protocol/events.ts";
import type { JsonObject } from "../../protocol/frames.ts";

/** The notification extensions get for `event`, or undefined when they get none. */
export function toLifecycleEvent(event: AgentEvent): LifecycleEvent | undefined {
  switch (event.type) {
    case "user_prompt_submit":
      return {
        event: "user_prompt_submit",
        // A queued prompt is announced with its text as typed, even an empty one.
        ...(event.text || event.queued ? { text: event.text } : {}),
        ...(event.queued ? { queued: true } : {}),
        ...(event.imageCount ? { image_count: event.imageCount } : {}),
      };
    case "turn_start":
      return { event: "turn_start", step: event.step };
    case "turn_end":
      return {
        event: "turn_end",
        stop: event.stop,
        ...(event.error ? { error: event.error } : {}),
      };
    case "retry":
      // Each failed attempt ends its own turn for extensions; the retry is the client's news.
      return { event: "turn_end", stop: "error", error: event.error };
    case "tool_call":
      // Calls past the per-reply bound never run: guards and observers do not see them.
      if (event.beyondBound) return undefined;
      return {
        event: "tool_call",
        tool_id: event.id,
        tool_name: event.name,
        ...argsOf(event),
        ...originOf(event.origin),
      };
    case "tool_confirmation_requested":
      return {
        event: "tool_confirmation_requested",
        tool_id: event.id,
        tool_name: event.name,
        tool_preview: event.preview,
        ...originOf(event.origin),
      };
    case "permission_decision":
      return {
        event: "permission_decision",
        tool_id: event.id,
        tool_name: event.name,
        decision: event.decision,
        source: event.source,
        stage: event.stage,
        ...(event.reason ? { reason: event.reason } : {}),
        ...originOf(event.origin),
      };
    case "tool_result":
      if (event.beyondBound) return undefined;
      return {
        event: "tool_result",
        tool_id: event.id,
        tool_name: event.name,
        ...argsOf(event),
        status: event.status,
        executed: event.executed,
        result: { content: event.content, is_error: event.isError },
        ...originOf(event.origin),
      };
    case "assistant_message":
      // A reply without visible text (only tool calls) is no message for extensions.
      return event.text === "" ? undefined : { event: "assistant_message", text: event.text };
    case "pre_compact":
      return {
        event: "pre_compact",
        compaction_id: event.compactionId,
        message_count: event.messageCount,
        token_estimate: event.tokenEstimate,
      };
    case "post_compact":
      return {
        event: "post_compact",
        compaction_id: event.compactionId,
        message_count: event.messageCount,
        token_estimate: event.tokenEstimate,
        status: event.status,
        ...(event.error ? { error: event.error } : {}),
      };
    case "subagent_start":
      return {
        event: "subagent_start",
        agent_id: event.agentId,
        agent_run_id: event.runId,
        // On the wire `name` carries the agent id (the protocol says so, for now); the model's
        // label for the task travels as `label`.
        name: event.agentId,
        ...(event.name !== event.agentId ? { label: event.name } : {}),
        session_id: event.sessionId,
      };
    case "subagent_stop":
      return {
        event: "subagent_stop",
        agent_id: event.agentId,
        agent_run_id: event.runId,
        // On the wire `name` carries the agent id (the protocol says so, for now); the model's
        // label for the task travels as `label`.
        name: event.agentId,
        ...(event.name !== event.agentId ? { label: event.name } : {}),
        status: event.status,
        ...(event.error ? { error: event.error } : {}),
        session_id: event.sessionId,
      };
    case "user_message":
    case "assistant_start":
    case "text_delta":
    case "usage":
    case "tool_progress":
    case "error":
    case "done":
    case "compact_done":
      return undefined;
    default: {
      const never: never = event;
      throw new Error(`unhandled agent event ${JSON.stringify(never)}`);
    }
  }
}

/** Args the model could not write as JSON travel as raw text instead. */
function argsOf(
  event: { args: JsonObject; argsRaw?: string },
): { tool_args_raw: string } | { tool_args: JsonObject } {
  return event.argsRaw !== undefined ? { tool_args_raw: event.argsRaw } : { tool_args: event.args };
}

function originOf(origin: string | undefined): { origin_extension?: string } {
  return origin ? { origin_extension: origin } : {};
}
