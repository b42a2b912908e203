/**
 * OpenAI Chat Completions chunks → zot StreamEvents. Tool calls arrive in
 * pieces keyed by index and are emitted once the stream ends, because the
 * format has no per-call end marker. Usage comes in a final chunk with no
 * choices (when `stream_options.include_usage` is set).
 *
 * @module
 */

import type OpenAI from "openai";
import type { StopReason } from "../protocol/events.ts";
import { ReplyBuilder } from "./reply.ts";
import { toolCallBlock } from "./tool_args.ts";
import type { StreamEvent } from "./types.ts";

function mapFinish(
  reason: string | null,
  hasToolCalls: boolean,
): { stop: StopReason; error?: string } {
  // Some compatible servers (e.g. Ollama) finish tool-calling replies with "stop".
  if (hasToolCalls && reason !== "length") return { stop: "tool_use" };
  switch (reason) {
    case "length":
      return { stop: "length" };
    case "content_filter":
      return { stop: "error", error: "The reply was cut off by the content filter" };
    default:
      return { stop: "end_turn" };
  }
}

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

/** Map one response stream. */
export async function* mapOpenaiStream(
  chunks: AsyncIterable<OpenAI.ChatCompletionChunk>,
  model: string,
): AsyncGenerator<StreamEvent> {
  const reply = new ReplyBuilder(model);
  const calls = new Map<number, PendingCall>();
  let finish: string | null = null;
  let ended = false;
  for await (const chunk of chunks) {
    if (chunk.usage) {
      const cached = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
      // prompt_tokens includes the cached ones; zot counts them apart.
      reply.setUsage({
        input: Math.max(0, chunk.usage.prompt_tokens - cached),
        output: chunk.usage.completion_tokens,
        cache_read: cached,
      });
    }
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const delta = choice.delta;
    if (delta?.content) {
      reply.appendText(delta.content);
      yield { type: "text_delta", delta: delta.content };
    }
    for (const piece of delta?.tool_calls ?? []) {
      const call = calls.get(piece.index) ?? { id: "", name: "", args: "" };
      calls.set(piece.index, call);
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.name += piece.function.name;
      if (piece.function?.arguments) call.args += piece.function.arguments;
    }
    if (choice.finish_reason) {
      finish = choice.finish_reason;
      ended = true;
    }
  }
  if (!ended) throw new Error("The response stream ended without a finish reason");
  const ordered = [...calls.entries()].sort(([a], [b]) => a - b);
  for (const [index, pending] of ordered) {
    const call = toolCallBlock(pending.id || `call_${index}`, pending.name, pending.args);
    reply.addToolCall(call);
    yield {
      type: "tool_call",
      id: call.id,
      name: call.name,
      args: call.args,
      ...(call.args_raw !== undefined ? { args_raw: call.args_raw } : {}),
    };
  }
  const usage = reply.usage();
  if (usage) yield { type: "usage", usage };
  const { stop, error } = mapFinish(finish, reply.hasToolCalls);
  yield { type: "done", message: reply.finish(stop, error) };
}
