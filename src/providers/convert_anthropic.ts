/**
 * Transcript → Anthropic Messages API request fields. SDK types are
 * imported as types only (erased), so the SDK itself stays lazily loaded.
 *
 * @module
 */

import type Anthropic from "@anthropic-ai/sdk";
import type { Message, ToolSpec } from "../model/types.ts";
import type { ContentBlock } from "../protocol/content.ts";

type Block = Anthropic.TextBlockParam | Anthropic.ImageBlockParam;
type AnyBlock =
  | Block
  | Anthropic.ToolUseBlockParam
  | Anthropic.ToolResultBlockParam;
export interface AnthropicMessage {
  role: "user" | "assistant";
  content: AnyBlock[];
}

const EPHEMERAL: Anthropic.CacheControlEphemeral = { type: "ephemeral" };

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
type ImageType = typeof IMAGE_TYPES[number];

/** The API accepts four image types; anything else is sent as PNG and left to the API to judge. */
function imageType(mime: string): ImageType {
  return IMAGE_TYPES.find((t) => t === mime) ?? "image/png";
}

function contentBlock(block: ContentBlock): Block | undefined {
  if (block.type === "text") {
    return block.text === "" ? undefined : { type: "text", text: block.text };
  }
  return {
    type: "image",
    source: { type: "base64", media_type: imageType(block.mime_type), data: block.data },
  };
}

function blocks(list: ContentBlock[]): Block[] {
  return list.map(contentBlock).filter((b): b is Block => b !== undefined);
}

function convertOne(message: Message): AnthropicMessage {
  switch (message.role) {
    case "user":
      return { role: "user", content: blocks(message.content) };
    case "assistant":
      return {
        role: "assistant",
        content: message.content.flatMap((b): AnyBlock[] => {
          if (b.type === "text") return b.text === "" ? [] : [{ type: "text", text: b.text }];
          return [{ type: "tool_use", id: b.id, name: b.name, input: b.args }];
        }),
      };
    case "tool":
      return {
        role: "user",
        content: message.content.map((r): AnyBlock => {
          const content = blocks(r.content);
          return {
            type: "tool_result",
            tool_use_id: r.call_id,
            // The API rejects empty text blocks; an empty result has no content.
            ...(content.length ? { content } : {}),
            ...(r.is_error ? { is_error: true } : {}),
          };
        }),
      };
    default: {
      const never: never = message;
      throw new Error(`Unknown message role in ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Convert the transcript. Empty messages (an aborted reply with no text) are
 * dropped and same-role neighbours merged, since the API wants non-empty,
 * alternating turns. The last block is marked for prompt caching so the
 * next request reuses the whole conversation prefix.
 */
export function toAnthropicMessages(messages: Message[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  for (const message of messages) {
    const converted = convertOne(message);
    if (converted.content.length === 0) continue;
    const last = out.at(-1);
    if (last && last.role === converted.role) last.content.push(...converted.content);
    else out.push(converted);
  }
  const lastBlock = out.at(-1)?.content.at(-1);
  if (lastBlock) lastBlock.cache_control = EPHEMERAL;
  return out;
}

/** The `system` field: omitted when empty, cached when present. */
export function toAnthropicSystem(system: string): Anthropic.TextBlockParam[] | undefined {
  if (system === "") return undefined;
  return [{ type: "text", text: system, cache_control: EPHEMERAL }];
}

/** Tool specs in the caller's (name-sorted) order; the last one closes the cached prefix. */
export function toAnthropicTools(tools: ToolSpec[]): Anthropic.Tool[] {
  return tools.map((t, i) => ({
    name: t.name,
    description: t.description,
    input_schema: { ...t.schema, type: "object" },
    ...(i === tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
  }));
}
