/**
 * Interceptors: typed requests in, exactly one `event_intercept_response`
 * out. A throwing interceptor blocks (fail closed): a guard that crashes must
 * not let the dangerous call through.
 *
 * @module
 */

import type {
  EventInterceptFrame,
  EventInterceptResponseFrame,
  JsonObject,
} from "../protocol/frames.ts";
import { isJsonObject } from "../protocol/validate.ts";
import { errorMessage } from "./errors.ts";
import type { HookContext, MaybePromise } from "./types.ts";

/** A proposed tool call, before it runs. */
export interface ToolCallRequest {
  toolId: string;
  toolName: string;
  /** Current args (already rewritten by interceptors consulted earlier). */
  toolArgs: JsonObject;
  /** Set when another extension made the call through `call_tool`. */
  originExtension?: string;
}

/** Block the call (the model sees `reason`), or rewrite its args. */
export interface ToolCallDecision {
  block?: boolean;
  reason?: string;
  /** The args the tool will actually receive; ignored when blocking. */
  modifiedArgs?: JsonObject;
}

/** Block the turn before the model is called; `reason` is shown to the user. */
export interface TurnStartDecision {
  block?: boolean;
  reason?: string;
}

/** Hide the message from the user, or replace its visible text. */
export interface AssistantMessageDecision {
  block?: boolean;
  reason?: string;
  replaceText?: string;
}

/** The assembled system prompt before the first model call. */
export interface BeforeAgentStartRequest {
  systemPrompt: string;
  sessionId: string;
  agentRunId: string;
  cwd: string;
  provider: string;
  model: string;
}

/** Return a decision, or nothing to allow unchanged. */
export type ToolCallInterceptor = (
  call: ToolCallRequest,
  ctx: HookContext,
) => MaybePromise<ToolCallDecision | void>;
export type TurnStartInterceptor = (
  step: number,
  ctx: HookContext,
) => MaybePromise<TurnStartDecision | void>;
export type AssistantMessageInterceptor = (
  text: string,
  ctx: HookContext,
) => MaybePromise<AssistantMessageDecision | void>;
/** Return the complete replacement prompt (`""` removes it), or nothing to keep it. */
export type BeforeAgentStartInterceptor = (
  request: BeforeAgentStartRequest,
  ctx: HookContext,
) => MaybePromise<string | void>;

/** At most one interceptor per event; a later registration replaces the earlier. */
export interface Interceptors {
  before_agent_start?: BeforeAgentStartInterceptor;
  tool_call?: ToolCallInterceptor;
  turn_start?: TurnStartInterceptor;
  assistant_message?: AssistantMessageInterceptor;
}

/** Subscription order of intercepts, fixed so hosts see a stable `subscribe`. */
export const INTERCEPT_ORDER = [
  "before_agent_start",
  "tool_call",
  "turn_start",
  "assistant_message",
] as const;

const str = (o: EventInterceptFrame, k: string) => typeof o[k] === "string" ? o[k] : "";

/**
 * A decision must be nothing (allow) or an object. Extensions run without a
 * type check, and a guard returning `true` or `[false, "why"]` (the Go SDK's
 * shape) must not silently allow: it blocks like a throw, naming the fix.
 */
function checked<T>(event: string, d: T | void): T | undefined {
  if (d === undefined || d === null) return undefined;
  if (typeof d === "object" && !Array.isArray(d)) return d;
  const what = Array.isArray(d) ? "an array" : `a ${typeof d}`;
  throw new Error(
    `the ${event} interceptor returned ${what}; return nothing to allow, or an object ` +
      `such as { block: true, reason }`,
  );
}

/** Run the matching interceptor and build the one response. Never throws. */
export async function answerIntercept(
  frame: EventInterceptFrame,
  hooks: Interceptors,
  ctx: HookContext,
): Promise<EventInterceptResponseFrame> {
  const out: EventInterceptResponseFrame = { type: "event_intercept_response", id: frame.id };
  try {
    switch (frame.event) {
      case "tool_call": {
        if (!hooks.tool_call) break;
        const args = isJsonObject(frame.tool_args) ? frame.tool_args : {};
        const origin = typeof frame.origin_extension === "string"
          ? frame.origin_extension
          : undefined;
        const d = checked(
          "tool_call",
          await hooks.tool_call({
            toolId: str(frame, "tool_id"),
            toolName: str(frame, "tool_name"),
            toolArgs: args,
            originExtension: origin,
          }, ctx),
        );
        if (!d) break;
        if (d.block) {
          out.block = true;
          if (d.reason) out.reason = d.reason;
        } else if (d.modifiedArgs && isJsonObject(d.modifiedArgs)) {
          out.modified_args = d.modifiedArgs;
        }
        break;
      }
      case "turn_start": {
        if (!hooks.turn_start) break;
        const step = typeof frame.step === "number" ? frame.step : 0;
        const d = checked("turn_start", await hooks.turn_start(step, ctx));
        if (d?.block) {
          out.block = true;
          if (d.reason) out.reason = d.reason;
        }
        break;
      }
      case "assistant_message": {
        if (!hooks.assistant_message) break;
        const text = str(frame, "text");
        const d = checked("assistant_message", await hooks.assistant_message(text, ctx));
        if (!d) break;
        if (d.block) {
          out.block = true;
          if (d.reason) out.reason = d.reason;
        } else if (d.replaceText !== undefined && d.replaceText !== text) {
          out.replace_text = d.replaceText;
        }
        break;
      }
      case "before_agent_start": {
        if (!hooks.before_agent_start) break;
        const replacement = await hooks.before_agent_start({
          systemPrompt: str(frame, "system_prompt"),
          sessionId: str(frame, "session_id"),
          agentRunId: str(frame, "agent_run_id"),
          cwd: str(frame, "cwd"),
          provider: str(frame, "provider"),
          model: str(frame, "model"),
        }, ctx);
        if (typeof replacement === "string") out.system_prompt = replacement;
        break;
      }
    }
  } catch (e) {
    return {
      type: "event_intercept_response",
      id: frame.id,
      block: true,
      reason: `intercept panic: ${errorMessage(e)}`,
    };
  }
  return out;
}
