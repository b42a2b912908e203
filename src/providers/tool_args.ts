/**
 * Tool-call arguments assembled from streamed partial JSON. A model may
 * produce invalid JSON; the call then gets `{}` and the raw text, so the
 * tool reports the problem instead of the turn failing.
 *
 * @module
 */

import type { ToolCallBlock } from "../model/types.ts";
import { isRecord } from "../is_record.ts";

/** Build the transcript block for a finished call. Empty text means no args. */
export function toolCallBlock(id: string, name: string, raw: string): ToolCallBlock {
  if (raw.trim() === "") return { type: "tool_call", id, name, args: {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isRecord(parsed)) return { type: "tool_call", id, name, args: parsed };
  } catch {
    // Fall through: keep the raw text for the tool and the transcript.
  }
  return { type: "tool_call", id, name, args: {}, args_raw: raw };
}
