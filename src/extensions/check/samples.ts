/**
 * The lifecycle payloads `zot ext check` delivers to an extension's
 * subscriptions and interceptors: one plausible value per event, typed as
 * the host's own payloads so they cannot drift from what a real run sends.
 *
 * @module
 */

import type { LifecycleEvent } from "../../protocol/events.ts";

const TOOL = { tool_id: "check-tool-1", tool_name: "read", tool_args: { path: "README.md" } };

const SAMPLES: readonly LifecycleEvent[] = [
  { event: "session_start" },
  { event: "session_end", reason: "exit" },
  { event: "user_prompt_submit", text: "hello from zot ext check" },
  { event: "turn_start", step: 1 },
  { event: "turn_end", stop: "end_turn" },
  { event: "tool_call", ...TOOL },
  { event: "tool_confirmation_requested", ...TOOL, tool_preview: "README.md" },
  {
    event: "permission_decision",
    ...TOOL,
    decision: "approved",
    source: "user",
    stage: "pre_execution",
  },
  {
    event: "tool_result",
    ...TOOL,
    status: "completed",
    executed: true,
    result: { content: [{ type: "text", text: "# readme" }], is_error: false },
  },
  { event: "assistant_message", text: "Here is the answer." },
  { event: "pre_compact", compaction_id: "check-1", message_count: 4, token_estimate: 1000 },
  {
    event: "post_compact",
    compaction_id: "check-1",
    message_count: 2,
    token_estimate: 300,
    status: "completed",
  },
  { event: "subagent_start", agent_id: "agent-1", agent_run_id: "run-1", name: "agent-1" },
  {
    event: "subagent_stop",
    agent_id: "agent-1",
    agent_run_id: "run-1",
    name: "agent-1",
    status: "completed",
  },
];

/** Events an extension may intercept; the others are only notified. */
export const INTERCEPTABLE: ReadonlySet<string> = new Set([
  "before_agent_start",
  "tool_call",
  "turn_start",
  "assistant_message",
]);

/** The sample payload of `event`, or undefined for a name zot does not send. */
export function sampleEvent(event: string): Record<string, unknown> | undefined {
  if (event === "before_agent_start") {
    return { event, system_prompt: "You are zot, a coding agent." };
  }
  const found = SAMPLES.find((s) => s.event === event);
  return found ? { ...found } : undefined;
}
