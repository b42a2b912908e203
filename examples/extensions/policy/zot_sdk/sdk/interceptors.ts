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
import { withAliases } from "./aliases.ts";
import { errorMessage } from "./errors.ts";
import type { HookContext, MaybePromise } from "./types.ts";

/** A proposed tool call, before it runs. */
export interface ToolCallRequest {
  /** The host's id of this call. */
  tool_id: string;
  /** The tool about to run. */
  tool_name: string;
  /** Current args (already rewritten by interceptors consulted earlier). */
  tool_args: JsonObject;
  /** Set when another extension made the call through `call_tool`. */
  origin_extension?: string;
  /** @deprecated Use `tool_id`. */
  readonly toolId: string;
  /** @deprecated Use `tool_name`. */
  readonly toolName: string;
  /** @deprecated Use `tool_args`. */
  readonly toolArgs: JsonObject;
  /** @deprecated Use `origin_extension`. */
  readonly originExtension?: string;
}

/** Block the call (the model sees `reason`), or rewrite its args. */
export interface ToolCallDecision {
  /** Refuse the call. */
  block?: boolean;
  /** Why; the model sees it as the tool's error. */
  reason?: string;
  /** The args the tool will actually receive; ignored when blocking. */
  modified_args?: JsonObject;
  /** @deprecated Use `modified_args`. */
  modifiedArgs?: JsonObject;
}

/** Block the turn before the model is called; `reason` is shown to the user. */
export interface TurnStartDecision {
  /** Refuse the turn. */
  block?: boolean;
  /** Why; shown to the user. */
  reason?: string;
}

/** Hide the message from the user, or replace its visible text. */
export interface AssistantMessageDecision {
  /** Hide the message. */
  block?: boolean;
  /** Why it was hidden. */
  reason?: string;
  /** The text to show instead; ignored when blocking. */
  replace_text?: string;
  /** @deprecated Use `replace_text`. */
  replaceText?: string;
}

/** The assembled system prompt before the first model call. */
export interface BeforeAgentStartRequest {
  /** The prompt as assembled so far (earlier interceptors applied). */
  system_prompt: string;
  /** The session it belongs to. */
  session_id: string;
  /** This run of the agent. */
  agent_run_id: string;
  /** The user's project directory. */
  cwd: string;
  /** The model provider. */
  provider: string;
  /** The model. */
  model: string;
  /** @deprecated Use `system_prompt`. */
  readonly systemPrompt: string;
  /** @deprecated Use `session_id`. */
  readonly sessionId: string;
  /** @deprecated Use `agent_run_id`. */
  readonly agentRunId: string;
}

/** Return a decision, or nothing to allow unchanged. */
export type ToolCallInterceptor = (
  call: ToolCallRequest,
  ctx: HookContext,
) => MaybePromise<ToolCallDecision | void>;
/** Gets the turn's step number; return a decision, or nothing to allow. */
export type TurnStartInterceptor = (
  step: number,
  ctx: HookContext,
) => MaybePromise<TurnStartDecision | void>;
/** Gets the message text; return a decision, or nothing to show it unchanged. */
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
        const request: ToolCallRequest = withAliases({
          tool_id: str(frame, "tool_id"),
          tool_name: str(frame, "tool_name"),
          tool_args: args,
          origin_extension: origin,
        }, {
          toolId: "tool_id",
          toolName: "tool_name",
          toolArgs: "tool_args",
          originExtension: "origin_extension",
        });
        const d = checked("tool_call", await hooks.tool_call(request, ctx));
        if (!d) break;
        // The deprecated camelCase name still counts when the wire name is absent.
        const modified = d.modified_args ?? d.modifiedArgs;
        if (d.block) {
          out.block = true;
          if (d.reason) out.reason = d.reason;
        } else if (modified && isJsonObject(modified)) {
          out.modified_args = modified;
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
        const replace = d.replace_text ?? d.replaceText;
        if (d.block) {
          out.block = true;
          if (d.reason) out.reason = d.reason;
        } else if (replace !== undefined && replace !== text) {
          out.replace_text = replace;
        }
        break;
      }
      case "before_agent_start": {
        if (!hooks.before_agent_start) break;
        const request: BeforeAgentStartRequest = withAliases({
          system_prompt: str(frame, "system_prompt"),
          session_id: str(frame, "session_id"),
          agent_run_id: str(frame, "agent_run_id"),
          cwd: str(frame, "cwd"),
          provider: str(frame, "provider"),
          model: str(frame, "model"),
        }, {
          systemPrompt: "system_prompt",
          sessionId: "session_id",
          agentRunId: "agent_run_id",
        });
        const replacement = await hooks.before_agent_start(request, ctx);
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
