/**
 * The transcript edge of a tool call: a tool's answer (domain `ToolResult`)
 * becomes the block recorded in the conversation and sent to the model
 * (`ToolResultBlock`, in the snake_case of the session files). The one place
 * that maps one to the other.
 *
 * @module
 */

import type { ContentBlock } from "../protocol/content.ts";
import type { ToolResultBlock } from "./types.ts";

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
