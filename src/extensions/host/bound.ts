/**
 * Bounding of tool results exported to extensions (lifecycle `tool_result`
 * events and `call_tool` replies). The budget counts text bytes, base64
 * length and MIME length together, so one huge block cannot flood every
 * subscriber's pipe. The input is never modified.
 *
 * @module
 */

import type { ContentBlock, EventResult } from "../../protocol/content.ts";
import { RESULT_BUDGET_BYTES, RESULT_MAX_BLOCKS } from "../../protocol/limits.ts";

/** Bounded content plus whether anything was cut or omitted. */
export interface BoundedContent {
  content: ContentBlock[];
  truncated: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Cut UTF-8 `bytes` to at most `max` bytes without splitting a character. */
function cutUtf8(bytes: Uint8Array, max: number): string {
  let end = max;
  // Continuation bytes look like 10xxxxxx: back up to the start of a character.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return decoder.decode(bytes.subarray(0, end));
}

/**
 * Bound `blocks` to the result budget. The blocks are typed content from zot's own tools; a
 * block of a type this budget does not count is omitted rather than sent unbounded.
 */
export function boundContent(
  blocks: readonly ContentBlock[],
  budget: number = RESULT_BUDGET_BYTES,
  maxBlocks: number = RESULT_MAX_BLOCKS,
): BoundedContent {
  const content: ContentBlock[] = [];
  let remaining = budget;
  let truncated = false;
  for (const block of blocks) {
    if (content.length >= maxBlocks) {
      truncated = true;
      break;
    }
    if (block.type === "text") {
      const text = block.text;
      // Fast path: a string can never take more than 3 bytes per UTF-16 unit.
      if (text.length * 3 <= remaining) {
        const size = text.length < 64 ? encoder.encode(text).length : byteLength(text);
        remaining -= size;
        content.push({ type: "text", text });
        continue;
      }
      const bytes = encoder.encode(text);
      if (bytes.length <= remaining) {
        remaining -= bytes.length;
        content.push({ type: "text", text });
        continue;
      }
      truncated = true;
      const cut = cutUtf8(bytes, remaining);
      if (cut !== "") content.push({ type: "text", text: cut });
      remaining -= encoder.encode(cut).length;
      continue;
    }
    if (block.type === "image") {
      const mime = block.mime_type;
      const data = block.data;
      const size = mime.length + data.length;
      if (size > remaining) {
        truncated = true;
        continue;
      }
      remaining -= size;
      content.push({ type: "image", mime_type: mime, data });
      continue;
    }
    truncated = true;
  }
  return { content, truncated };
}

/** UTF-8 byte length without allocating. */
function byteLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Bound a lifecycle EventResult; `truncated` is set only when something was cut. */
export function boundEventResult(result: EventResult): EventResult {
  const bounded = boundContent(result.content ?? []);
  const out: EventResult = { content: bounded.content, is_error: result.is_error === true };
  if (bounded.truncated || result.truncated) out.truncated = true;
  return out;
}
