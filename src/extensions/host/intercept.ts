/**
 * The `tool_call`, `turn_start` and `assistant_message` interception chains:
 * serial, in load order (the reference host used map order; load order is a
 * compatible, deterministic choice). A missing, late or crashed interceptor
 * allows the action unchanged; one extension can never wedge the agent.
 *
 * @module
 */

import type {
  AssistantMessageDecision,
  InterceptedToolCall,
  ToolCallDecision,
  TurnStartDecision,
} from "../../agent/hooks.ts";
import type {
  EventInterceptResponseFrame,
  InterceptableEvent,
  JsonObject,
} from "../../protocol/frames.ts";
import { isJsonObject } from "../../protocol/validate.ts";
import { RequestError } from "../channel.ts";
import { type HostCore, nextRequestId } from "./core.ts";
import { type ExtensionRecord, isLive } from "./record.ts";

export const DEFAULT_TOOL_BLOCK_REASON = "tool call refused by extension guard";
export const DEFAULT_TURN_BLOCK_REASON = "turn blocked by extension guard";
export const DEFAULT_MESSAGE_BLOCK_REASON = "assistant message blocked by extension guard";

/** Live extensions intercepting `event`, in load order. */
export function interceptors(core: HostCore, event: InterceptableEvent): ExtensionRecord[] {
  return core.records.filter((r) => r.intercepts.has(event) && isLive(r));
}

/**
 * Ask one extension; undefined means "allow unchanged" (timeout, crash,
 * write failure or an unexpected reply), after logging why.
 */
export async function askInterceptor(
  core: HostCore,
  record: ExtensionRecord,
  event: InterceptableEvent,
  payload: Record<string, unknown>,
  signal: AbortSignal,
): Promise<EventInterceptResponseFrame | undefined> {
  const channel = record.channel;
  if (!channel) return undefined;
  try {
    const reply = await channel.request(
      { type: "event_intercept", id: nextRequestId(), event, ...payload },
      { timeoutMs: core.timeouts.interceptMs, signal },
    );
    return reply.type === "event_intercept_response" ? reply : undefined;
  } catch (e) {
    if (e instanceof RequestError && e.kind === "write") {
      channel.log(`intercept write failed: ${e.message}`);
    } else {
      channel.log(`intercept ${event} timed out; allowing`);
    }
    return undefined;
  }
}

export async function interceptToolCall(
  core: HostCore,
  call: InterceptedToolCall,
  signal: AbortSignal,
): Promise<ToolCallDecision> {
  let args: JsonObject = call.args;
  for (const record of interceptors(core, "tool_call")) {
    if (signal.aborted) break;
    const payload: Record<string, unknown> = {
      tool_id: call.toolId,
      tool_name: call.toolName,
      tool_args: args,
    };
    if (call.origin !== undefined) payload.origin_extension = call.origin;
    const reply = await askInterceptor(core, record, "tool_call", payload, signal);
    if (!reply) continue;
    if (reply.block === true) {
      return { block: true, reason: reply.reason || DEFAULT_TOOL_BLOCK_REASON };
    }
    if (reply.modified_args === undefined || reply.modified_args === null) continue;
    if (isJsonObject(reply.modified_args)) {
      args = reply.modified_args;
    } else {
      core.diagnostics.about(
        record,
        `tool_call intercept: modified_args must be a JSON object; ignored`,
        { log: true },
      );
    }
  }
  return { block: false, args };
}

export async function interceptTurnStart(
  core: HostCore,
  step: number,
  signal: AbortSignal,
): Promise<TurnStartDecision> {
  for (const record of interceptors(core, "turn_start")) {
    if (signal.aborted) break;
    const reply = await askInterceptor(core, record, "turn_start", { step }, signal);
    if (reply?.block === true) {
      return { block: true, reason: reply.reason || DEFAULT_TURN_BLOCK_REASON };
    }
  }
  return { block: false };
}

export async function interceptAssistantMessage(
  core: HostCore,
  text: string,
  signal: AbortSignal,
): Promise<AssistantMessageDecision> {
  // Only non-empty assistant text is offered to interceptors (spec §3.2).
  if (text === "") return { block: false, text };
  let current = text;
  for (const record of interceptors(core, "assistant_message")) {
    if (signal.aborted) break;
    const reply = await askInterceptor(
      core,
      record,
      "assistant_message",
      { text: current },
      signal,
    );
    if (!reply) continue;
    if (reply.block === true) {
      return { block: true, reason: reply.reason || DEFAULT_MESSAGE_BLOCK_REASON, text: current };
    }
    if (reply.replace_text) current = reply.replace_text;
  }
  return { block: false, text: current };
}
