/**
 * Typed lifecycle events. The host's `event` frame carries fields by event
 * name; this module reads them field by field (no casts on host data) into
 * the payload types of src/protocol/events.ts, plus the envelope.
 *
 * @module
 */

import type { EventResult } from "../protocol/content.ts";
import type {
  LifecycleEvent,
  Origin,
  PermissionDecision,
  PermissionSource,
  PermissionStage,
  RunStatus,
  StopReason,
  ToolStatus,
} from "../protocol/events.ts";
import {
  type EventFrame,
  type JsonObject,
  LIFECYCLE_EVENTS,
  type LifecycleEventName,
} from "../protocol/frames.ts";
import { asContentBlock, isJsonObject } from "../protocol/validate.ts";

export type {
  EventFrame,
  EventResult,
  LifecycleEvent,
  LifecycleEventName,
  Origin,
  PermissionDecision,
  PermissionSource,
  PermissionStage,
  RunStatus,
  StopReason,
  ToolStatus,
};
export { LIFECYCLE_EVENTS };

/** Envelope fields; older hosts omit them, so they are optional here. */
export interface EventMeta {
  /** The session the event belongs to. */
  session_id?: string;
  /** The user's project directory. */
  cwd?: string;
  /** Increases by one per notification the host sends, subscribed or not. */
  sequence?: number;
  /** The frame as received, for fields this SDK does not know yet. */
  raw: EventFrame;
}

/** The payload of event `N`, as a handler receives it. */
export type EventOf<N extends LifecycleEventName> =
  & Extract<LifecycleEvent, { event: N }>
  & EventMeta;

/** Any lifecycle event. */
export type AnyEvent = { [N in LifecycleEventName]: EventOf<N> }[LifecycleEventName];

type Obj = Record<string, unknown>;
const s = (o: Obj, k: string): string => typeof o[k] === "string" ? o[k] : "";
const os = (o: Obj, k: string): string | undefined => typeof o[k] === "string" ? o[k] : undefined;
const n = (o: Obj, k: string): number => typeof o[k] === "number" ? o[k] : 0;
const b = (o: Obj, k: string): boolean => o[k] === true;
const args = (o: Obj, k: string): JsonObject | undefined => isJsonObject(o[k]) ? o[k] : undefined;

function pick<T extends string>(o: Obj, k: string, allowed: readonly T[], fallback: T): T {
  const v = o[k];
  return allowed.find((a) => a === v) ?? fallback;
}

function eventResult(v: unknown): EventResult {
  if (!isJsonObject(v)) return { content: [], is_error: false };
  const list = Array.isArray(v.content) ? v.content : [];
  const content = list.map(asContentBlock).filter((x) => x !== undefined);
  return { content, is_error: v.is_error === true, truncated: v.truncated === true || undefined };
}

const STATUS = ["completed", "failed", "blocked", "cancelled", "timed_out"] as const;
const RUN = ["completed", "failed", "cancelled", "timed_out"] as const;
const STOP = ["end_turn", "tool_use", "length", "error", "aborted"] as const;

function payload(o: EventFrame): LifecycleEvent | undefined {
  const origin = os(o, "origin_extension");
  const tool = { tool_id: s(o, "tool_id"), tool_name: s(o, "tool_name") };
  switch (o.event) {
    case "session_start":
      return { event: "session_start" };
    case "session_end":
      return { event: "session_end", reason: s(o, "reason") };
    case "user_prompt_submit":
      return {
        event: "user_prompt_submit",
        text: os(o, "text"),
        queued: b(o, "queued") || undefined,
        image_count: typeof o.image_count === "number" ? o.image_count : undefined,
      };
    case "turn_start":
      return { event: "turn_start", step: n(o, "step") };
    case "turn_end":
      return { event: "turn_end", stop: pick(o, "stop", STOP, "end_turn"), error: os(o, "error") };
    case "tool_call":
      return {
        event: "tool_call",
        ...tool,
        tool_args: args(o, "tool_args"),
        tool_args_raw: os(o, "tool_args_raw"),
        origin_extension: origin,
      };
    case "tool_confirmation_requested":
      return {
        event: "tool_confirmation_requested",
        ...tool,
        tool_preview: s(o, "tool_preview"),
        origin_extension: origin,
      };
    case "permission_decision":
      return {
        event: "permission_decision",
        ...tool,
        decision: pick(o, "decision", ["approved", "denied", "cancelled"] as const, "denied"),
        source: pick(o, "source", ["user", "remembered", "policy", "yolo"] as const, "policy"),
        stage: pick(o, "stage", ["pre_execution", "tool_execution"] as const, "pre_execution"),
        reason: os(o, "reason"),
        origin_extension: origin,
      };
    case "tool_result":
      return {
        event: "tool_result",
        ...tool,
        tool_args: args(o, "tool_args"),
        tool_args_raw: os(o, "tool_args_raw"),
        status: pick(o, "status", STATUS, "failed"),
        executed: b(o, "executed"),
        result: eventResult(o.result),
        origin_extension: origin,
      };
    case "assistant_message":
      return { event: "assistant_message", text: s(o, "text") };
    case "pre_compact":
    case "post_compact": {
      const counts = {
        compaction_id: s(o, "compaction_id"),
        message_count: n(o, "message_count"),
        token_estimate: n(o, "token_estimate"),
      };
      if (o.event === "pre_compact") return { event: "pre_compact", ...counts };
      return {
        event: "post_compact",
        ...counts,
        status: pick(o, "status", RUN, "failed"),
        error: os(o, "error"),
      };
    }
    case "subagent_start":
    case "subagent_stop": {
      const who = {
        agent_id: s(o, "agent_id"),
        agent_run_id: s(o, "agent_run_id"),
        name: s(o, "name"),
      };
      if (o.event === "subagent_start") return { event: "subagent_start", ...who };
      return {
        event: "subagent_stop",
        ...who,
        status: pick(o, "status", RUN, "failed"),
        error: os(o, "error"),
      };
    }
    default:
      return undefined;
  }
}

/** Decode an `event` frame; undefined for event names this SDK does not know. */
export function decodeEvent(frame: EventFrame): AnyEvent | undefined {
  const p = payload(frame);
  if (p === undefined) return undefined;
  return {
    ...p,
    session_id: os(frame, "session_id"),
    cwd: os(frame, "cwd"),
    sequence: typeof frame.sequence === "number" ? frame.sequence : undefined,
    raw: frame,
  };
}
