/**
 * Shape checks for messages read back from disk or an RPC client: enough to
 * keep a corrupted line from reaching a provider.
 *
 * @module
 */

import type { Message } from "../model/types.ts";
import { isRecord } from "../is_record.ts";

function isBlock(v: unknown): boolean {
  if (!isRecord(v)) return false;
  switch (v.type) {
    case "text":
      return typeof v.text === "string";
    case "image":
      return typeof v.mime_type === "string" && typeof v.data === "string";
    case "tool_call":
      return typeof v.id === "string" && typeof v.name === "string" && isRecord(v.args);
    case "tool_result":
      return typeof v.call_id === "string" && Array.isArray(v.content);
    default:
      return false;
  }
}

/** Whether `v` is a transcript message with well-formed blocks. */
export function isMessage(v: unknown): v is Message {
  if (!isRecord(v)) return false;
  if (v.role !== "user" && v.role !== "assistant" && v.role !== "tool") return false;
  return Array.isArray(v.content) && v.content.every(isBlock);
}
