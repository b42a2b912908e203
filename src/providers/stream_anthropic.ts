/**
 * Anthropic stream events → zot StreamEvents: text deltas as they come,
 * each tool call once its input JSON is complete, then usage and `done`.
 * Events are read field by field (they come off the network), so the same
 * mapper serves the fetch transport and the SDK's parsed events.
 *
 * @module
 */

import type { StopReason } from "../protocol/events.ts";
import { IncompleteStreamError } from "./errors.ts";
import { num, type Obj, obj, str } from "./json_access.ts";
import { ReplyBuilder } from "./reply.ts";
import { toolCallBlock } from "./tool_args.ts";
import type { StreamEvent } from "./types.ts";

function mapStop(reason: string | undefined): { stop: StopReason; error?: string } {
  switch (reason) {
    case "tool_use":
      return { stop: "tool_use" };
    case "max_tokens":
    case "model_context_window_exceeded":
      return { stop: "length" };
    case "refusal":
      return { stop: "error", error: 'The model refused to continue (stop reason "refusal")' };
    default:
      // end_turn, stop_sequence, pause_turn and anything newer.
      return { stop: "end_turn" };
  }
}

/** An `error` event inside the stream (e.g. overloaded_error); `error` is its body. */
export class StreamErrorEvent extends Error {
  constructor(readonly error: unknown) {
    const message = str(obj(obj(error)?.error)?.message) ?? JSON.stringify(error);
    super(message);
    this.name = "StreamErrorEvent";
  }
}

function usagePatch(u: Obj | undefined) {
  if (!u) return {};
  const pick = (key: string) => num(u[key]);
  const fields = {
    input: pick("input_tokens"),
    output: pick("output_tokens"),
    cache_read: pick("cache_read_input_tokens"),
    cache_write: pick("cache_creation_input_tokens"),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** Map one response stream; throws IncompleteStreamError when it ends before `message_stop`. */
export async function* mapAnthropicStream(
  events: AsyncIterable<unknown>,
  model: string,
): AsyncGenerator<StreamEvent> {
  const reply = new ReplyBuilder(model);
  const tools = new Map<number, { id: string; name: string; json: string }>();
  let stopReason: string | undefined;
  for await (const raw of events) {
    const event = obj(raw);
    if (!event) continue;
    const index = num(event.index) ?? -1;
    switch (str(event.type)) {
      case "message_start":
        reply.setUsage(usagePatch(obj(obj(event.message)?.usage)));
        break;
      case "content_block_start": {
        const block = obj(event.content_block);
        if (str(block?.type) === "tool_use") {
          tools.set(index, { id: str(block?.id) ?? "", name: str(block?.name) ?? "", json: "" });
        } else if (str(block?.type) === "text" && str(block?.text)) {
          const text = str(block?.text) ?? "";
          reply.appendText(text);
          yield { type: "text_delta", delta: text };
        }
        break;
      }
      case "content_block_delta": {
        const delta = obj(event.delta);
        const text = str(delta?.text);
        if (str(delta?.type) === "text_delta" && text) {
          reply.appendText(text);
          yield { type: "text_delta", delta: text };
        } else if (str(delta?.type) === "input_json_delta") {
          const tool = tools.get(index);
          if (tool) tool.json += str(delta?.partial_json) ?? "";
        }
        break;
      }
      case "content_block_stop": {
        const tool = tools.get(index);
        if (!tool) {
          reply.endText();
          break;
        }
        tools.delete(index);
        const call = toolCallBlock(tool.id, tool.name, tool.json);
        reply.addToolCall(call);
        yield { ...call, type: "tool_call" };
        break;
      }
      case "message_delta":
        stopReason = str(obj(event.delta)?.stop_reason) ?? stopReason;
        reply.setUsage(usagePatch(obj(event.usage)));
        break;
      case "message_stop": {
        const usage = reply.usage();
        if (usage) yield { type: "usage", usage };
        const { stop, error } = mapStop(stopReason);
        yield { type: "done", message: reply.finish(stop, error) };
        return;
      }
      case "error":
        throw new StreamErrorEvent(event);
    }
  }
  throw new IncompleteStreamError("message_stop");
}
