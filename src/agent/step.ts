/**
 * One step of a run: the turn gate, one model request streamed into an
 * assistant message, what the user sees of it, and the tool calls it
 * proposed, run (up to the per-reply bound) and answered in the transcript.
 * The events follow the reference host's order: `turn_start`, the reply,
 * its `tool_call`s, `turn_end`, then each call's decision and result.
 *
 * @module
 */

import type { StopReason } from "../protocol/events.ts";
import type { Provider } from "../providers/types.ts";
import type { AgentEvent } from "./events.ts";
import type { AgentHooks } from "./hooks.ts";
import type { Message, Usage } from "../model/types.ts";
import type { ToolRegistry } from "./tool_registry.ts";
import type { ToolExecEnv } from "./tool_exec.ts";
import { DEFAULT_MAX_TOOL_CALLS, refuseBeyondBound, runToolBatch } from "./tool_batch.ts";
import { announceAssistant } from "./announce.ts";
import { proposedCall } from "./blocks.ts";
import { streamTurn } from "./turn.ts";
import { repairDanglingToolCalls } from "./transcript.ts";

export const TURN_BLOCKED_REASON = "turn blocked by extension guard";

/** What a step needs of the agent. */
export interface StepContext {
  hooks: AgentHooks;
  provider: Provider;
  model: string;
  registry: ToolRegistry;
  maxTokens?: number;
  /** Tool calls run per model reply; the rest get an error result. */
  maxToolCalls?: number;
  /** The live transcript (repaired in place before the request). */
  messages: Message[];
  /** The system prompt of the current preparation pass; throws when cancelled. */
  systemPrompt(signal: AbortSignal): Promise<string>;
  /** Records a message in the transcript and the session. */
  append(message: Message): Promise<void>;
  emit(event: AgentEvent): void;
  /** Counts one request's usage; returns the conversation's running total. */
  countRequest(usage: Usage): Usage;
  toolEnv(): ToolExecEnv;
}

/** How a step ended: `next` when its tool calls ran and the model must see their results. */
export interface StepOutcome {
  next: boolean;
  stop: StopReason;
  error?: string;
  /** The visible text of this step's reply, when it had a reply. */
  text?: string;
}

export async function runStep(
  ctx: StepContext,
  step: number,
  signal: AbortSignal,
): Promise<StepOutcome> {
  const turnEnd = (stop: StopReason, error?: string) => ctx.emit({ type: "turn_end", stop, error });
  ctx.emit({ type: "turn_start", step });
  // A gate that cannot decide refuses (fail closed); a cancelled run ends below as aborted.
  const gate = await ctx.hooks.interceptTurnStart(step, signal).catch((e) => ({
    block: !signal.aborted,
    reason: `Turn refused: the turn check failed (${e instanceof Error ? e.message : e})`,
  }));
  if (gate.block) {
    const reason = gate.reason || TURN_BLOCKED_REASON;
    turnEnd("error", reason);
    return { next: false, stop: "error", error: reason };
  }
  let system: string;
  try {
    system = await ctx.systemPrompt(signal);
  } catch {
    turnEnd("aborted");
    return { next: false, stop: "aborted" };
  }
  repairDanglingToolCalls(ctx.messages);
  const suppressDeltas = ctx.hooks.hasInterceptor("assistant_message");
  ctx.emit({ type: "assistant_start" });
  const turn = await streamTurn(ctx.provider, {
    model: ctx.model,
    system,
    messages: [...ctx.messages],
    tools: ctx.registry.specs(),
    maxTokens: ctx.maxTokens,
    signal,
  }, {
    // Deltas are held back when an interceptor may hide or rewrite the text.
    textDelta: (delta) => suppressDeltas || ctx.emit({ type: "text_delta", delta }),
    usage: (usage) => ctx.emit({ type: "usage", usage, cumulative: ctx.countRequest(usage) }),
    retry: (error, attempt, delayMs) => ctx.emit({ type: "retry", attempt, delayMs, error }),
  });
  const message = { ...turn.message, model: ctx.model, time: new Date().toISOString() };
  if (message.content.length > 0) await ctx.append(message);
  const text = await announceAssistant(message, ctx.hooks, ctx.emit, signal);
  const proposed = message.content.filter((b) => b.type === "tool_call");
  // Bounded per reply: every call costs guard round trips and extension frames.
  const bound = ctx.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS;
  const calls = proposed.slice(0, bound);
  const refused = proposed.slice(bound);
  for (const call of calls) {
    // One notification per call: wait for the extensions to keep up, so a
    // long reply never overflows (and disconnects) a guard that reads.
    await ctx.hooks.paced();
    ctx.emit({ type: "tool_call", ...proposedCall(call), inTranscript: true });
  }
  turnEnd(turn.stop, turn.error);
  if (turn.stop !== "tool_use" || calls.length === 0) {
    return { next: false, stop: turn.stop, error: turn.error, text };
  }
  const results = await runToolBatch(calls, ctx.toolEnv(), signal);
  results.push(...refuseBeyondBound(refused, proposed.length, bound, ctx.emit));
  await ctx.append({ role: "tool", content: results, time: new Date().toISOString() });
  if (signal.aborted) return { next: false, stop: "aborted", text };
  return { next: true, stop: "tool_use", text };
}
