/**
 * OpenAI Chat Completions chunks → zot StreamEvents. Tool calls arrive in
 * pieces keyed by index (or, from some compatible servers, by id) and are
 * emitted once the stream ends, because the format has no per-call end marker. Usage comes in a final chunk with no
 * choices (when `stream_options.include_usage` is set). Chunks are read
 * field by field, serving both the fetch transport and the SDK.
 *
 * @module
 */

import type { StopReason } from "../protocol/events.ts";
import { IncompleteStreamError } from "./errors.ts";
import { arr, num, obj, str } from "./json_access.ts";
import { ReplyBuilder } from "./reply.ts";
import { toolCallBlock } from "./tool_args.ts";
import type { StreamEvent } from "./types.ts";

function mapFinish(
  reason: string | undefined,
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

/** An `{"error": {...}}` chunk inside the stream (OpenRouter and others send these). */
export class ChunkError extends Error {
  constructor(readonly error: unknown) {
    super(str(obj(error)?.message) ?? JSON.stringify(error));
    this.name = "ChunkError";
  }
}

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

/** Map one response stream. */
export async function* mapOpenaiStream(
  chunks: AsyncIterable<unknown>,
  model: string,
): AsyncGenerator<StreamEvent> {
  const reply = new ReplyBuilder(model);
  // In the order they started; `open` maps a wire index to the call its deltas extend.
  const calls: PendingCall[] = [];
  const open = new Map<number, PendingCall>();
  let finish: string | undefined;
  for await (const raw of chunks) {
    const chunk = obj(raw);
    if (!chunk) continue;
    if (chunk.error !== undefined) throw new ChunkError(chunk.error);
    const usage = obj(chunk.usage);
    if (usage) {
      const cached = num(obj(usage.prompt_tokens_details)?.cached_tokens) ?? 0;
      // prompt_tokens includes the cached ones; zot counts them apart.
      reply.setUsage({
        input: Math.max(0, (num(usage.prompt_tokens) ?? 0) - cached),
        output: num(usage.completion_tokens) ?? 0,
        cache_read: cached,
      });
    }
    const choice = obj(arr(chunk.choices)[0]);
    if (!choice) continue;
    const delta = obj(choice.delta);
    const content = str(delta?.content);
    if (content) {
      reply.appendText(content);
      yield { type: "text_delta", delta: content };
    }
    for (const item of arr(delta?.tool_calls)) {
      const piece = obj(item);
      const index = num(piece?.index) ?? 0;
      const fn = obj(piece?.function);
      const id = str(piece?.id) ?? "";
      const name = str(fn?.name) ?? "";
      let call = open.get(index);
      // OpenAI names a call (id, name) in its first delta only. Some compatible servers give
      // every call index 0, or repeat the id and name on each delta: a new id, or a new name
      // once arguments came, starts the next call; a repeated name is not appended again.
      const newId = id !== "" && call?.id !== "" && id !== call?.id;
      const newName = name !== "" && call?.args !== "" && name !== call?.name;
      if (!call || newId || newName) {
        call = { id: "", name: "", args: "" };
        calls.push(call);
        open.set(index, call);
      }
      call.id ||= id;
      if (name !== call.name) call.name += name;
      call.args += str(fn?.arguments) ?? "";
    }
    finish = str(choice.finish_reason) ?? finish;
  }
  if (finish === undefined) throw new IncompleteStreamError("finish_reason");
  for (const [index, pending] of calls.entries()) {
    const call = toolCallBlock(pending.id || `call_${index}`, pending.name, pending.args);
    reply.addToolCall(call);
    yield { ...call, type: "tool_call" };
  }
  const total = reply.usage();
  if (total) yield { type: "usage", usage: total };
  const { stop, error } = mapFinish(finish, reply.hasToolCalls);
  yield { type: "done", message: reply.finish(stop, error) };
}
