/**
 * The tool calls of one assistant message, run one after another (the
 * protocol's order: each gets its own decision and result). Deferred tools a
 * result names become visible for the next request.
 *
 * @module
 */

import type { AgentEvent } from "./events.ts";
import type { ToolCallBlock, ToolResultBlock } from "../model/types.ts";
import { runToolCall, type ToolExecEnv } from "./tool_exec.ts";
import { proposedCall, resultBlock } from "./blocks.ts";
import { textContent } from "../protocol/content.ts";

/** Tool calls run per model reply unless settings or `--max-tool-calls` say otherwise. */
export const DEFAULT_MAX_TOOL_CALLS = 64;

/**
 * Results for the calls of a reply beyond the bound: not run, not shown to
 * guards (nothing runs), each an error the model reads.
 */
export function refuseBeyondBound(
  calls: readonly ToolCallBlock[],
  proposed: number,
  bound: number,
  emit: (event: AgentEvent) => void,
): ToolResultBlock[] {
  const text = `Not run: this reply made ${proposed} tool calls and zot runs at most ${bound} ` +
    `per reply (make at most ${bound} calls in one reply; the user can raise the bound with ` +
    `--max-tool-calls or "maxToolCalls" in config.json)`;
  return calls.map((call) => {
    const result = { content: textContent(text), isError: true };
    const facts = { id: call.id, name: call.name, args: call.args, inTranscript: true };
    emit({ type: "tool_call", ...facts, beyondBound: true });
    emit({
      type: "tool_result",
      ...facts,
      status: "failed",
      executed: false,
      ...result,
      beyondBound: true,
    });
    return resultBlock(call.id, call.name, result);
  });
}

export async function runToolBatch(
  calls: readonly ToolCallBlock[],
  env: ToolExecEnv,
  signal: AbortSignal,
): Promise<ToolResultBlock[]> {
  const results: ToolResultBlock[] = [];
  for (const call of calls) {
    // After an abort the remaining calls still end (as cancelled) with their own result.
    const outcome = await runToolCall(
      { ...proposedCall(call), inTranscript: true, chain: [call.name], signal },
      env,
    );
    results.push(resultBlock(call.id, call.name, outcome.result));
    if (outcome.result.activateTools?.length) env.registry.activate(outcome.result.activateTools);
  }
  return results;
}
