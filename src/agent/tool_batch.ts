/**
 * The tool calls of one assistant message, run one after another (the
 * spec's order: each gets its own decision and result). Deferred tools a
 * result names become visible for the next request.
 *
 * @module
 */

import type { AgentEvent } from "./events.ts";
import type { ToolCallBlock, ToolResultBlock } from "./types.ts";
import { runToolCall, type ToolExecEnv } from "./tool_exec.ts";

export async function runToolBatch(
  calls: readonly ToolCallBlock[],
  env: ToolExecEnv,
  signal: AbortSignal,
  emit: (event: AgentEvent) => void,
): Promise<ToolResultBlock[]> {
  const results: ToolResultBlock[] = [];
  for (const call of calls) {
    // After an abort the remaining calls still end (as cancelled) with their own result.
    const outcome = await runToolCall({
      id: call.id,
      name: call.name,
      args: call.args,
      argsRaw: call.args_raw,
      chain: [call.name],
      signal,
    }, env);
    const { content } = outcome.result;
    const isError = outcome.result.isError === true;
    results.push({
      type: "tool_result",
      call_id: call.id,
      name: call.name,
      is_error: isError,
      content,
    });
    emit({ type: "tool_result", id: call.id, is_error: isError, content });
    if (outcome.result.activateTools?.length) env.registry.activate(outcome.result.activateTools);
  }
  return results;
}
