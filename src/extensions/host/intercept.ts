/**
 * The `tool_call`, `turn_start` and `assistant_message` interception chains:
 * serial, in load order (the reference host used map order; load order is a
 * compatible, deterministic choice).
 *
 * `tool_call` and `turn_start` are gates: they decide what runs. A gate fails
 * closed: an interceptor that does not answer in time, answers garbage or is
 * gone (crashed, disconnected, stopped) refuses the call or turn with the
 * reason, until a reload or restart brings it back; otherwise one crash (or
 * one burst that overflows its queue) would let every later call through
 * unchecked. `assistant_message` only filters what is shown (the transcript
 * already holds the text), so there a missing, late or crashed interceptor
 * allows the text unchanged. Every wait is bounded: one extension can never
 * wedge the agent.
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
import { RequestError } from "../channel.ts";
import { type HostTimeouts, nextRequestId } from "./core.ts";
import { closeRecorded, type ExtensionRecord, isLive } from "./record.ts";
import { aboutRecord, type Diagnostics } from "./diagnostics.ts";
import type { Diagnostic } from "../../diagnostic.ts";

/**
 * What the chains touch: the extensions in load order, the intercept deadline, and diagnostics
 * (only the `tool_call` chain reports, an unusable `modified_args`).
 */
export interface InterceptHost {
  readonly records: readonly ExtensionRecord[];
  readonly timeouts: Pick<HostTimeouts, "interceptMs">;
  readonly diagnostics: Pick<Diagnostics, "about">;
}

export const DEFAULT_TOOL_BLOCK_REASON = "tool call refused by extension guard";
export const DEFAULT_TURN_BLOCK_REASON = "turn blocked by extension guard";
export const DEFAULT_MESSAGE_BLOCK_REASON = "assistant message blocked by extension guard";

/** Interceptions that decide what runs: they fail closed. */
export const GATES: ReadonlySet<InterceptableEvent> = new Set(["tool_call", "turn_start"]);

/** Live extensions intercepting `event`, in load order. */
export function interceptors(
  records: readonly ExtensionRecord[],
  event: InterceptableEvent,
): ExtensionRecord[] {
  return records.filter((r) => r.intercepts.has(event) && isLive(r));
}

/** Every extension that intercepts `event`, running or not, in load order. */
function holders(
  records: readonly ExtensionRecord[],
  event: InterceptableEvent,
): ExtensionRecord[] {
  return records.filter((r) => r.intercepts.has(event));
}

/** An answer, or why there is none (written for the model and the user). */
export type InterceptAnswer =
  | { ok: true; reply: EventInterceptResponseFrame }
  | { ok: false; why: string };

/** Why a gate held by `record` cannot decide: it is not running. */
export function goneWhy(record: ExtensionRecord): string {
  const reason = record.closed?.reason ?? (record.stopping ? "stopped" : "disconnected");
  return `extension "${record.name}", which checks them, is not running (${reason}); ` +
    `they are refused until it runs again (run "/reload-ext" or restart zot; ` +
    `see "zot ext logs ${record.name}")`;
}

/**
 * {@linkcode goneWhy}, for a gate once the reason is known: within `ms` (the intercept deadline)
 * and only while the run goes on. Elsewhere the answer only allows, and its reason is not shown.
 */
async function goneWhyKnown(
  record: ExtensionRecord,
  event: InterceptableEvent,
  ms: number,
  signal: AbortSignal,
): Promise<string> {
  if (GATES.has(event) && !signal.aborted) {
    let onAbort = () => {};
    const aborted = new Promise<void>((resolve) => onAbort = resolve);
    signal.addEventListener("abort", onAbort, { once: true });
    await Promise.race([closeRecorded(record, ms), aborted]);
    signal.removeEventListener("abort", onAbort);
  }
  return goneWhy(record);
}

/** What the user is told when an extension holding gates stops unasked. */
export function gateDown(
  record: ExtensionRecord,
  gates: readonly InterceptableEvent[],
  reason: string,
  restarting = false,
): Diagnostic {
  const what = gates.map((g) => (g === "tool_call" ? "tool calls" : "turns")).join(" and ");
  return aboutRecord(record, {
    code: "gate-down",
    message: `stopped (${reason}); it checks ${what}, so they are refused until it runs again`,
    remedy: restarting ? "zot is restarting it" : `run "/reload-ext" or restart zot`,
  });
}

/** Ask one extension, bounded by the intercept timeout; never throws. */
export async function askInterceptor(
  core: Pick<InterceptHost, "timeouts">,
  record: ExtensionRecord,
  event: InterceptableEvent,
  payload: Record<string, unknown>,
  signal: AbortSignal,
): Promise<InterceptAnswer> {
  const channel = record.channel;
  if (!channel || !isLive(record)) {
    return { ok: false, why: await goneWhyKnown(record, event, core.timeouts.interceptMs, signal) };
  }
  // The 5 s are the extension's to decide, not to read through events zot queued
  // before (a burst of tool_call notifications): send when its queue is empty.
  await channel.paced(true);
  if (!isLive(record)) {
    return { ok: false, why: await goneWhyKnown(record, event, core.timeouts.interceptMs, signal) };
  }
  try {
    const reply = await channel.request(
      { type: "event_intercept", id: nextRequestId(), event, ...payload },
      { timeoutMs: core.timeouts.interceptMs, signal },
    );
    if (reply.type === "event_intercept_response") return { ok: true, reply };
    channel.log(`intercept ${event}: answered with ${reply.type}`);
    return { ok: false, why: `extension "${record.name}" answered with ${reply.type}` };
  } catch (e) {
    const kind = e instanceof RequestError ? e.kind : "timeout";
    const fate = GATES.has(event) ? "refusing" : "allowing";
    if (kind === "cancelled") return { ok: false, why: "cancelled" };
    if (kind === "timeout") {
      channel.log(`intercept ${event} timed out; ${fate}`);
      const seconds = core.timeouts.interceptMs / 1000;
      return {
        ok: false,
        why: `extension "${record.name}", which checks them, did not answer within ${seconds} s ` +
          `(see "zot ext logs ${record.name}")`,
      };
    }
    channel.log(`intercept ${event} failed (${e instanceof Error ? e.message : e}); ${fate}`);
    return { ok: false, why: await goneWhyKnown(record, event, core.timeouts.interceptMs, signal) };
  }
}

/**
 * The `tool_call` chain, in load order; each interceptor sees the previous one's rewrite. A
 * rewrite is then shown to every interceptor that let other arguments through, once: a guard
 * judges what runs, not what the model first asked, so an extension later in the chain cannot
 * rewrite a call past it. That second look can refuse the call; a rewrite there is not applied
 * (a rewriter that prefixes whatever it is shown would otherwise never settle).
 */
export async function interceptToolCall(
  core: InterceptHost,
  call: InterceptedToolCall,
  signal: AbortSignal,
): Promise<ToolCallDecision> {
  let args: JsonObject = call.args;
  /** The arguments each interceptor let through (JSON; its own rewrite when it made one). */
  const judged = new Map<ExtensionRecord, string>();
  /** `record`'s answer on `args`, or the decision that ends the chain (a refusal, a cancel). */
  const ask = async (
    record: ExtensionRecord,
  ): Promise<{ end: ToolCallDecision } | { reply: EventInterceptResponseFrame }> => {
    const payload: Record<string, unknown> = {
      tool_id: call.toolId,
      tool_name: call.toolName,
      tool_args: args,
    };
    if (call.origin !== undefined) payload.origin_extension = call.origin;
    const answer = await askInterceptor(core, record, "tool_call", payload, signal);
    // A cancelled run ends as cancelled, not as refused.
    if (!answer.ok) {
      return {
        end: signal.aborted
          ? { block: false, args }
          : { block: true, reason: `Tool call refused: ${answer.why}` },
      };
    }
    if (answer.reply.block === true) {
      return { end: { block: true, reason: answer.reply.reason || DEFAULT_TOOL_BLOCK_REASON } };
    }
    return { reply: answer.reply };
  };
  const chain = holders(core.records, "tool_call");
  for (const record of chain) {
    if (signal.aborted) return { block: false, args };
    const asked = await ask(record);
    if ("end" in asked) return asked.end;
    const reply = asked.reply;
    if (reply.modified_args !== undefined) {
      args = reply.modified_args;
    } else if (reply.modified_args_invalid === true) {
      core.diagnostics.about(record, {
        code: "intercept-reply-ignored",
        message: `tool_call intercept: modified_args must be a JSON object; ignored`,
      }, { log: true });
    }
    judged.set(record, JSON.stringify(args));
  }
  const final = JSON.stringify(args);
  for (const record of chain) {
    if (signal.aborted) return { block: false, args };
    if (judged.get(record) === final) continue;
    const asked = await ask(record);
    if ("end" in asked) return asked.end;
    if (asked.reply.modified_args !== undefined) {
      record.channel?.log(
        "tool_call intercept: a rewrite of arguments that a later extension rewrote is not " +
          "applied; block to refuse them",
      );
    }
  }
  return { block: false, args };
}

export async function interceptTurnStart(
  core: Pick<InterceptHost, "records" | "timeouts">,
  step: number,
  signal: AbortSignal,
): Promise<TurnStartDecision> {
  for (const record of holders(core.records, "turn_start")) {
    if (signal.aborted) break;
    const answer = await askInterceptor(core, record, "turn_start", { step }, signal);
    if (!answer.ok) {
      if (signal.aborted) break;
      return { block: true, reason: `Turn refused: ${answer.why}` };
    }
    const reply = answer.reply;
    if (reply.block === true) {
      return { block: true, reason: reply.reason || DEFAULT_TURN_BLOCK_REASON };
    }
  }
  return { block: false };
}

export async function interceptAssistantMessage(
  core: Pick<InterceptHost, "records" | "timeouts">,
  text: string,
  signal: AbortSignal,
): Promise<AssistantMessageDecision> {
  // Only non-empty assistant text is offered to interceptors: there is nothing
  // shown to hide or rewrite, and an interceptor is not woken for nothing.
  if (text === "") return { block: false, text };
  let current = text;
  for (const record of interceptors(core.records, "assistant_message")) {
    if (signal.aborted) break;
    const answer = await askInterceptor(
      core,
      record,
      "assistant_message",
      { text: current },
      signal,
    );
    if (!answer.ok) continue;
    const reply = answer.reply;
    if (reply.block === true) {
      return { block: true, reason: reply.reason || DEFAULT_MESSAGE_BLOCK_REASON, text: current };
    }
    if (reply.replace_text) current = reply.replace_text;
  }
  return { block: false, text: current };
}
