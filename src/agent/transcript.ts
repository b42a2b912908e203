/**
 * Reading and repairing the transcript: repairs done before each model
 * request, the text of a reply, the sizes compaction decides by.
 *
 * @module
 */

import { textContent } from "../protocol/content.ts";
import type { AssistantMessage, Message, ToolResultBlock, Usage } from "../model/types.ts";

export const INTERRUPTED_TEXT = "tool call was interrupted before it produced a result";

/**
 * Providers reject a tool call without a result. An aborted run or a crash
 * can leave one behind; answer it with a synthetic error result, in place.
 * Returns how many results were synthesized.
 */
export function repairDanglingToolCalls(messages: Message[]): number {
  let repaired = 0;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (m.role !== "assistant") continue;
    const calls = m.content.filter((b) => b.type === "tool_call");
    if (calls.length === 0) continue;
    const next = messages[i + 1];
    const answered = new Set(next?.role === "tool" ? next.content.map((r) => r.call_id) : []);
    const missing: ToolResultBlock[] = calls
      .filter((c) => !answered.has(c.id))
      .map((c) => ({
        type: "tool_result",
        call_id: c.id,
        name: c.name,
        is_error: true,
        content: textContent(INTERRUPTED_TEXT),
      }));
    if (missing.length === 0) continue;
    repaired += missing.length;
    if (next?.role === "tool") next.content.push(...missing);
    else messages.splice(i + 1, 0, { role: "tool", content: missing });
  }
  return repaired;
}

/** Tokens one model request held, by its reported usage (prompt and answer). */
export function usageTokens(usage: Usage): number {
  return usage.input + usage.cache_read + usage.cache_write + usage.output;
}

/**
 * What the last request of a loaded transcript held, from the usage its
 * answer recorded (0 when unknown, or when a compaction summary came
 * after it: the next request is that much smaller). A resumed session
 * (`-c`, `--session`) thereby compacts before a prompt that would not fit,
 * as the process that wrote it would have.
 */
export function recordedContextTokens(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === "assistant" && m.usage) return usageTokens(m.usage);
    if (m.role === "user" && m.meta?.compaction === "true") return 0;
  }
  return 0;
}

/** Serialized size ÷ 4: the protocol's token estimate (what `pre_compact` reports). */
export function tokenEstimate(messages: readonly Message[]): number {
  return Math.ceil(new TextEncoder().encode(JSON.stringify(messages)).length / 4);
}

/** Concatenated text blocks of an assistant message. */
export function assistantText(message: AssistantMessage): string {
  let text = "";
  for (const block of message.content) if (block.type === "text") text += block.text;
  return text;
}
