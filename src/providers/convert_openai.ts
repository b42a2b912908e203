/**
 * Transcript → OpenAI Chat Completions messages. Tool messages cannot carry
 * images, so images from tool results are mirrored into a user message right
 * after the tool messages. SDK types are type-only imports (erased).
 *
 * @module
 */

import type OpenAI from "openai";
import type { Message, ToolResultBlock, ToolSpec } from "../model/types.ts";
import type { ContentBlock } from "../protocol/content.ts";

type Part = OpenAI.ChatCompletionContentPartText | OpenAI.ChatCompletionContentPartImage;
export type OpenaiMessage = OpenAI.ChatCompletionMessageParam;

function part(block: ContentBlock): Part {
  if (block.type === "text") return { type: "text", text: block.text };
  return { type: "image_url", image_url: { url: `data:${block.mime_type};base64,${block.data}` } };
}

/** A lone text block goes as a plain string: some compatible servers accept nothing else. */
function userContent(content: ContentBlock[]): string | Part[] {
  if (content.length === 1 && content[0].type === "text") return content[0].text;
  return content.map(part);
}

function textOf(content: ContentBlock[]): string {
  return content.flatMap((b) => b.type === "text" ? [b.text] : []).join("\n");
}

function toolMessages(results: ToolResultBlock[]): OpenaiMessage[] {
  const out: OpenaiMessage[] = results.map((r) => ({
    role: "tool",
    tool_call_id: r.call_id,
    content: textOf(r.content),
  }));
  const mirrored: Part[] = [];
  for (const r of results) {
    const images = r.content.filter((b) => b.type === "image");
    if (images.length === 0) continue;
    mirrored.push({ type: "text", text: `Image output of tool "${r.name}" (call ${r.call_id}):` });
    mirrored.push(...images.map(part));
  }
  if (mirrored.length) out.push({ role: "user", content: mirrored });
  return out;
}

export function toOpenaiMessages(system: string, messages: Message[]): OpenaiMessage[] {
  const out: OpenaiMessage[] = system === "" ? [] : [{ role: "system", content: system }];
  for (const message of messages) {
    switch (message.role) {
      case "user":
        out.push({ role: "user", content: userContent(message.content) });
        break;
      case "assistant": {
        const text = message.content.flatMap((b) => b.type === "text" ? [b.text] : []).join("");
        const calls = message.content.flatMap((b): OpenAI.ChatCompletionMessageToolCall[] =>
          b.type === "tool_call"
            ? [{
              id: b.id,
              type: "function",
              function: { name: b.name, arguments: JSON.stringify(b.args) },
            }]
            : []
        );
        if (text === "" && calls.length === 0) break;
        out.push({
          role: "assistant",
          content: text === "" ? null : text,
          ...(calls.length ? { tool_calls: calls } : {}),
        });
        break;
      }
      case "tool":
        out.push(...toolMessages(message.content));
        break;
      default: {
        const never: never = message;
        throw new Error(`Unknown message role in ${JSON.stringify(never)}`);
      }
    }
  }
  return out;
}

export function toOpenaiTools(tools: ToolSpec[]): OpenAI.ChatCompletionTool[] {
  return tools.map((t) => ({
    type: "function",
    function: { name: t.name, description: t.description, parameters: t.schema },
  }));
}
