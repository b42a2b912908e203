/**
 * MCP tool results as zot tool results. Text and images map one to one; an
 * embedded resource becomes its text (or a line naming a binary one); a
 * resource link and audio become a line saying what they are, since zot's
 * models take only text and images. A result with only structured content
 * shows it as JSON.
 *
 * @module
 */

import type { ContentBlock, ToolResult } from "../sdk/mod.ts";
import { isRecord } from "../is_record.ts";

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** One MCP content item as zot blocks. */
export function mapContent(item: unknown): ContentBlock {
  if (!isRecord(item)) return { type: "text", text: "[unreadable content item]" };
  switch (item.type) {
    case "text":
      return { type: "text", text: str(item.text) };
    case "image":
      return { type: "image", mime_type: str(item.mimeType), data: str(item.data) };
    case "audio":
      return { type: "text", text: `[audio (${str(item.mimeType)}) omitted: zot shows no audio]` };
    case "resource_link":
      return {
        type: "text",
        text: `[resource link: ${str(item.uri)}${item.name ? ` (${str(item.name)})` : ""}]`,
      };
    case "resource": {
      const r = isRecord(item.resource) ? item.resource : {};
      if (typeof r.text === "string") return { type: "text", text: r.text };
      const mime = r.mimeType ? `, ${str(r.mimeType)}` : "";
      return { type: "text", text: `[binary resource ${str(r.uri)}${mime}]` };
    }
    default:
      return { type: "text", text: `[content of type ${JSON.stringify(item.type)} omitted]` };
  }
}

/** A `tools/call` result as a zot tool result. */
export function mapToolResult(result: unknown): ToolResult {
  if (!isRecord(result)) return { content: [{ type: "text", text: "" }], is_error: true };
  const items = Array.isArray(result.content) ? result.content : [];
  const content = items.map(mapContent);
  if (content.length === 0 && result.structuredContent !== undefined) {
    content.push({ type: "text", text: JSON.stringify(result.structuredContent) });
  }
  if (content.length === 0) content.push({ type: "text", text: "" });
  return result.isError === true ? { content, is_error: true } : { content };
}
