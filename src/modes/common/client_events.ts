/**
 * The client edge of the agent's event stream: the one place that turns
 * agent events (domain vocabulary) into the event lines JSON mode writes and
 * RPC clients read (snake_case, images reduced to their type and size, since
 * their data would put megabytes on one line). Scripts parse these lines, so
 * the field names and their order are part of the interface: a change here
 * changes zot's output.
 *
 * @module
 */

import type { AgentEvent } from "../../agent/events.ts";
import type { Message, ToolCallBlock, ToolResultBlock, Usage } from "../../model/types.ts";
import type { ContentBlock, ImageBlock, TextBlock } from "../../protocol/content.ts";
import type { JsonObject } from "../../protocol/frames.ts";
import type { StopReason } from "../../protocol/events.ts";

/** An image as clients see it: its type and size, not its data. */
export interface ClientImage {
  type: "image";
  mime_type: string;
  bytes: number;
}

/** Tool result content as clients see it. */
export type ClientContent = TextBlock | ClientImage;

/** A tool result block as clients see it: its images reduced too. */
export type ClientToolResult = Omit<ToolResultBlock, "content"> & { content: ClientContent[] };

/** A message block as clients see it. */
export type ClientBlock = TextBlock | ClientImage | ToolCallBlock | ClientToolResult;

/** A message as clients see it (`get_messages`, `user_message`, `assistant_message`). */
export interface ClientMessage {
  role: Message["role"];
  content: ClientBlock[];
  time: string;
}

/** The usage line: one request's usage and the conversation's running total. */
export type ClientUsage = { type: "usage" } & Usage & { cumulative: Usage };

/** An event line of the JSON stream and of RPC output. */
export type ClientEvent =
  | { type: "turn_start"; step: number }
  | { type: "user_message"; content: ClientBlock[]; time: string }
  | { type: "assistant_start" }
  | { type: "text_delta"; delta: string }
  | { type: "tool_call"; id: string; name: string; args: JsonObject }
  | { type: "tool_progress"; id: string; text: string }
  | { type: "tool_result"; id: string; is_error: boolean; content: ClientContent[] }
  | { type: "assistant_message"; content: ClientBlock[]; time: string }
  | ClientUsage
  | { type: "turn_end"; stop: StopReason; error?: string }
  | { type: "done" }
  | { type: "error"; message: string }
  | { type: "compact_done"; summary: string };

/** The line clients get for `event`, or undefined when they get none. */
export function toClientEvent(event: AgentEvent): ClientEvent | undefined {
  switch (event.type) {
    case "turn_start":
      return { type: "turn_start", step: event.step };
    case "user_message": {
      const { content, time } = clientMessage(event.message);
      return { type: "user_message", content, time };
    }
    case "assistant_start":
      return { type: "assistant_start" };
    case "text_delta":
      return { type: "text_delta", delta: event.delta };
    case "tool_call":
      // A tool an extension ran (call_tool) is no part of the conversation the client follows.
      if (!event.inTranscript) return undefined;
      return { type: "tool_call", id: event.id, name: event.name, args: event.args };
    case "tool_progress":
      return { type: "tool_progress", id: event.id, text: event.text };
    case "tool_result":
      if (!event.inTranscript) return undefined;
      return {
        type: "tool_result",
        id: event.id,
        is_error: event.isError,
        content: clientContent(event.content),
      };
    case "assistant_message": {
      if (event.message.content.length === 0) return undefined;
      const { content, time } = clientMessage(event.message);
      return { type: "assistant_message", content, time };
    }
    case "usage":
      return { type: "usage", ...event.usage, cumulative: event.cumulative };
    case "turn_end":
      return { type: "turn_end", stop: event.stop, ...(event.error ? { error: event.error } : {}) };
    case "done":
      return { type: "done" };
    case "error":
      return { type: "error", message: event.message };
    case "compact_done":
      return { type: "compact_done", summary: event.summary };
    // Not in the documented JSON/RPC event set (the TUI shows retries; extensions hear the rest).
    case "retry":
    case "user_prompt_submit":
    case "tool_confirmation_requested":
    case "permission_decision":
    case "pre_compact":
    case "post_compact":
    case "subagent_start":
    case "subagent_stop":
      return undefined;
    default: {
      const never: never = event;
      throw new Error(`unhandled agent event ${JSON.stringify(never)}`);
    }
  }
}

/** Byte length of a base64 payload without decoding it. */
function base64Bytes(data: string): number {
  const pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - pad);
}

function clientImage(image: ImageBlock): ClientImage {
  return { type: "image", mime_type: image.mime_type, bytes: base64Bytes(image.data) };
}

/** Tool result content for clients. */
export function clientContent(content: readonly ContentBlock[]): ClientContent[] {
  return content.map((block) => block.type === "image" ? clientImage(block) : block);
}

function clientBlock(block: Message["content"][number]): ClientBlock {
  if (block.type === "image") return clientImage(block);
  if (block.type === "tool_result") return { ...block, content: clientContent(block.content) };
  return block;
}

/** The client view of a message (images by size, a time always present). */
export function clientMessage(message: Message): ClientMessage {
  return {
    role: message.role,
    content: message.content.map(clientBlock),
    time: message.time ?? new Date().toISOString(),
  };
}
