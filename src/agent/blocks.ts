/**
 * The transcript edge of a tool call. The transcript keeps the snake_case
 * of the session files and the provider requests (`call_id`, `is_error`,
 * `args_raw`); the agent speaks its own vocabulary. The one place that maps
 * a proposed call block to a domain call, and a tool's answer back to the
 * block recorded in the conversation.
 *
 * @module
 */

import type { ContentBlock } from "../protocol/content.ts";
import type { JsonObject } from "../protocol/frames.ts";
import type { ToolCallBlock, ToolResultBlock } from "../model/types.ts";

/** A proposed call in the agent's vocabulary. */
export interface ProposedCall {
  id: string;
  name: string;
  args: JsonObject;
  /** The args as text when the model's were not valid JSON. */
  argsRaw?: string;
}

/** The call a transcript block proposes. */
export function proposedCall(block: ToolCallBlock): ProposedCall {
  return { id: block.id, name: block.name, args: block.args, argsRaw: block.args_raw };
}

/** The transcript block answering call `id` of tool `name`. */
export function resultBlock(
  id: string,
  name: string,
  result: { content: ContentBlock[]; isError?: boolean },
): ToolResultBlock {
  return {
    type: "tool_result",
    call_id: id,
    name,
    is_error: result.isError === true,
    content: result.content,
  };
}
