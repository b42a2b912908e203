/**
 * The agent's own event stream, consumed by the modes (JSON lines, RPC
 * events, the TUI). Distinct from the extension lifecycle events in
 * src/protocol/events.ts: these carry what a client renders (deltas, usage),
 * and `user_prompt_submit` never appears here.
 *
 * Field names follow the RPC wire schema so JSON and RPC modes can write
 * them as they are.
 *
 * @module
 */

import type { ContentBlock, ImageBlock, TextBlock } from "../protocol/content.ts";
import type { JsonObject } from "../protocol/frames.ts";
import type { StopReason } from "../protocol/events.ts";
import type {
  AssistantMessage,
  Message,
  ToolCallBlock,
  ToolResultBlock,
  Usage,
} from "../model/types.ts";

/** Usage plus the running total of the conversation. */
export interface UsageEvent extends Usage {
  cumulative: Usage;
}

/** An image as clients see it: its type and size, not its data (megabytes per line). */
export interface WireImage {
  type: "image";
  mime_type: string;
  bytes: number;
}

/** Tool result content as clients see it. */
export type WireContent = TextBlock | WireImage;

/** A tool result block as clients see it: its images reduced too. */
export type WireToolResult = Omit<ToolResultBlock, "content"> & { content: WireContent[] };

/** A message as clients see it: images are reduced to their size, also inside tool results. */
export type WireBlock =
  | TextBlock
  | WireImage
  | ToolCallBlock
  | WireToolResult;

export interface WireMessage {
  role: Message["role"];
  content: WireBlock[];
  time: string;
}

export type AgentEvent =
  | { type: "turn_start"; step: number }
  | { type: "user_message"; content: WireBlock[]; time: string }
  | { type: "assistant_start" }
  | { type: "text_delta"; delta: string }
  | { type: "tool_call"; id: string; name: string; args: JsonObject }
  | { type: "tool_progress"; id: string; text: string }
  | { type: "tool_result"; id: string; is_error: boolean; content: ContentBlock[] }
  | { type: "assistant_message"; content: WireBlock[]; time: string }
  | ({ type: "usage" } & UsageEvent)
  | { type: "turn_end"; stop: StopReason; error?: string }
  | { type: "done" }
  | { type: "error"; message: string }
  | { type: "compact_done"; summary: string }
  /** The request failed and is sent again after `delay_ms` (429, 5xx, a dropped stream). */
  | { type: "retry"; attempt: number; delay_ms: number; error: string };

export type AgentListener = (event: AgentEvent) => void;

/** An event as JSON and RPC clients get it: tool result images reduced to their size. */
export type WireEvent =
  | Exclude<AgentEvent, { type: "tool_result" | "retry" }>
  | { type: "tool_result"; id: string; is_error: boolean; content: WireContent[] };

export function toWireEvent(event: AgentEvent): WireEvent | undefined {
  // Not in the documented JSON/RPC event set of the reference host; the TUI shows it.
  if (event.type === "retry") return undefined;
  return event.type === "tool_result" ? { ...event, content: wireContent(event.content) } : event;
}

/** Byte length of a base64 payload without decoding it. */
function base64Bytes(data: string): number {
  const pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - pad);
}

function wireImage(image: ImageBlock): WireImage {
  return { type: "image", mime_type: image.mime_type, bytes: base64Bytes(image.data) };
}

/** Tool result content for clients (`tool_result` events, `get_messages`). */
export function wireContent(content: readonly ContentBlock[]): WireContent[] {
  return content.map((block) => block.type === "image" ? wireImage(block) : block);
}

function wireBlock(block: Message["content"][number]): WireBlock {
  if (block.type === "image") return wireImage(block);
  if (block.type === "tool_result") return { ...block, content: wireContent(block.content) };
  return block;
}

/** The client view of a message (images by size, a time always present). */
export function toWireMessage(message: Message): WireMessage {
  return {
    role: message.role,
    content: message.content.map(wireBlock),
    time: message.time ?? new Date().toISOString(),
  };
}

/** Concatenated text blocks of an assistant message. */
export function assistantText(message: AssistantMessage): string {
  let text = "";
  for (const block of message.content) if (block.type === "text") text += block.text;
  return text;
}

/** Sum of two usages. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cache_read: a.cache_read + b.cache_read,
    cache_write: a.cache_write + b.cache_write,
    cost_usd: a.cost_usd + b.cost_usd,
  };
}

export const ZERO_USAGE: Usage = {
  input: 0,
  output: 0,
  cache_read: 0,
  cache_write: 0,
  cost_usd: 0,
};
