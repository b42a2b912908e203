/**
 * Anthropic raw stream events → zot StreamEvents: text deltas as they come,
 * each tool call once its input JSON is complete, then usage and `done`.
 *
 * @module
 */

import type Anthropic from "@anthropic-ai/sdk";
import type { StopReason } from "../protocol/events.ts";
import { ReplyBuilder } from "./reply.ts";
import { toolCallBlock } from "./tool_args.ts";
import type { StreamEvent } from "./types.ts";

function mapStop(reason: string | null | undefined): { stop: StopReason; error?: string } {
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

/** Map one response stream; throws when the stream ends before `message_stop`. */
export async function* mapAnthropicStream(
  events: AsyncIterable<Anthropic.RawMessageStreamEvent>,
  model: string,
): AsyncGenerator<StreamEvent> {
  const reply = new ReplyBuilder(model);
  const tools = new Map<number, { id: string; name: string; json: string }>();
  let stopReason: string | null | undefined;
  for await (const event of events) {
    switch (event.type) {
      case "message_start": {
        const u = event.message.usage;
        reply.setUsage({
          input: u.input_tokens,
          output: u.output_tokens,
          cache_read: u.cache_read_input_tokens ?? 0,
          cache_write: u.cache_creation_input_tokens ?? 0,
        });
        break;
      }
      case "content_block_start": {
        const block = event.content_block;
        if (block.type === "tool_use") {
          tools.set(event.index, { id: block.id, name: block.name, json: "" });
        } else if (block.type === "text" && block.text) {
          reply.appendText(block.text);
          yield { type: "text_delta", delta: block.text };
        }
        break;
      }
      case "content_block_delta": {
        const delta = event.delta;
        if (delta.type === "text_delta") {
          reply.appendText(delta.text);
          yield { type: "text_delta", delta: delta.text };
        } else if (delta.type === "input_json_delta") {
          const tool = tools.get(event.index);
          if (tool) tool.json += delta.partial_json;
        }
        break;
      }
      case "content_block_stop": {
        const tool = tools.get(event.index);
        if (!tool) {
          reply.endText();
          break;
        }
        tools.delete(event.index);
        const call = toolCallBlock(tool.id, tool.name, tool.json);
        reply.addToolCall(call);
        yield { type: "tool_call", ...toolEvent(call) };
        break;
      }
      case "message_delta": {
        stopReason = event.delta.stop_reason;
        const u = event.usage;
        reply.setUsage({
          output: u.output_tokens,
          ...(u.input_tokens != null ? { input: u.input_tokens } : {}),
          ...(u.cache_read_input_tokens != null ? { cache_read: u.cache_read_input_tokens } : {}),
          ...(u.cache_creation_input_tokens != null
            ? { cache_write: u.cache_creation_input_tokens }
            : {}),
        });
        break;
      }
      case "message_stop": {
        const usage = reply.usage();
        if (usage) yield { type: "usage", usage };
        const { stop, error } = mapStop(stopReason);
        yield { type: "done", message: reply.finish(stop, error) };
        return;
      }
    }
  }
  throw new Error("The response stream ended before message_stop");
}

function toolEvent(
  call: { id: string; name: string; args: Record<string, unknown>; args_raw?: string },
) {
  return {
    id: call.id,
    name: call.name,
    args: call.args,
    ...(call.args_raw !== undefined ? { args_raw: call.args_raw } : {}),
  };
}
