/**
 * The `tool_prompt` command action: the user's prompt, then the named tool
 * run through the normal guards and confirmation, recorded as a synthetic
 * assistant tool call (meta `synthetic_tool_call:"true"`, `origin_extension`)
 * plus its result, all before the model's first turn.
 *
 * @module
 */

import type { Agent } from "../../agent/loop.ts";
import { runToolCall } from "../../agent/tool_exec.ts";
import { resultBlock } from "../../agent/blocks.ts";
import type { Message } from "../../model/types.ts";
import type { JsonObject } from "../../protocol/frames.ts";

export function toolPromptPrelude(
  agent: Agent,
  extension: string,
  toolName: string,
  toolArgs: JsonObject,
): (signal: AbortSignal) => Promise<Message[]> {
  return async (signal) => {
    const id = `toolprompt-${crypto.randomUUID().slice(0, 8)}`;
    const call = { id, name: toolName, args: toolArgs, origin: extension, inTranscript: true };
    agent.emit({ type: "tool_call", ...call });
    const outcome = await runToolCall(
      { ...call, chain: [toolName], signal },
      agent.toolEnv(),
    );
    const time = new Date().toISOString();
    return [
      {
        role: "assistant",
        content: [{ type: "tool_call", id, name: toolName, args: toolArgs }],
        meta: { synthetic_tool_call: "true", origin_extension: extension },
        time,
      },
      {
        role: "tool",
        content: [resultBlock(id, toolName, outcome.result)],
        time,
      },
    ];
  };
}
