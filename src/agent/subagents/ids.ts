/**
 * Identities of subagents. `agent_id` names one delegated agent for as long
 * as the parent knows it (a resume keeps it); `agent_run_id` names one
 * local runner invocation and pairs `subagent_start` with `subagent_stop`.
 *
 * @module
 */

function shortHex(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(raw, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new agent id, e.g. `agent-3f9a1c07`. */
export function newAgentId(): string {
  return `agent-${shortHex(4)}`;
}

/** A fresh runner id; never reused, also not by a resume. */
export function newRunId(): string {
  return `run-${crypto.randomUUID()}`;
}
