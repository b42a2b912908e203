/**
 * Compaction: the older part of the transcript becomes one synthetic user
 * message (meta `compaction:"true"`) written by the model; a recent tail is
 * kept verbatim. Every attempt emits `pre_compact` and a matching
 * `post_compact`, whatever its outcome.
 *
 * @module
 */

import type { RunStatus } from "../protocol/events.ts";
import type { Message, UserMessage } from "../model/types.ts";
import type { Agent } from "./loop.ts";
import { streamTurn } from "./turn.ts";
import { assistantText } from "./transcript.ts";
import { tokenEstimate } from "./transcript.ts";
import { errorMessage } from "../errors.ts";
import { autoCompactDue } from "./compaction_due.ts";

export { AUTO_COMPACT_AT, autoCompactDue } from "./compaction_due.ts";

export interface CompactOptions {
  /** Messages kept verbatim at least (default 4). */
  keepTail?: number;
  signal?: AbortSignal;
  /** Deadline of the summarizing request (default 120 s). */
  timeoutMs?: number;
}

export interface CompactResult {
  status: RunStatus;
  summary?: string;
  error?: string;
  /** Messages replaced by the summary (0 = nothing to compact). */
  dropped: number;
}

const SUMMARY_PROMPT = `You compress a coding session so it can continue with less context.
Write a concise summary of the conversation below: the user's goals, decisions made, files and
commands involved, what was done, what is still open, and any facts needed to continue. Use plain
prose and short lists. Do not invent anything.`;

/** Index of the first kept message: a real user message at least `keepTail` from the end. */
export function compactionCut(messages: readonly Message[], keepTail: number): number {
  for (let i = Math.max(0, messages.length - keepTail); i > 0; i--) {
    if (messages[i].role === "user") return i;
  }
  return 0;
}

/**
 * Characters kept of one tool call's args or result: a summary needs what was done, not the
 * content of every file written or read (which would make the summarizing request as large as
 * the transcript it is meant to shrink).
 */
export const RENDER_TOOL_CHARS = 4000;

function clip(text: string): string {
  if (text.length <= RENDER_TOOL_CHARS) return text;
  return `${text.slice(0, RENDER_TOOL_CHARS)}… (${
    text.length - RENDER_TOOL_CHARS
  } more characters)`;
}

function render(messages: readonly Message[]): string {
  const lines: string[] = [];
  for (const m of messages) {
    for (const b of m.content) {
      if (b.type === "text") lines.push(`[${m.role}] ${b.text}`);
      else if (b.type === "image") lines.push(`[${m.role}] (image ${b.mime_type})`);
      else if (b.type === "tool_call") {
        lines.push(`[tool call ${b.name}] ${clip(b.args_raw ?? JSON.stringify(b.args))}`);
      } else {
        const text = b.content.map((c) => (c.type === "text" ? c.text : "(image)")).join("\n");
        lines.push(`[tool result ${b.name}${b.is_error ? " error" : ""}] ${clip(text)}`);
      }
    }
  }
  return lines.join("\n");
}

/** Compacts the agent's transcript (`/compact`, RPC `compact`). `reason` is informational. */
export function compact(
  agent: Agent,
  _reason: string,
  options: CompactOptions = {},
): Promise<CompactResult> {
  return agent.exclusive((signal) => run(agent, signal, options), options.signal);
}

/**
 * The agent's `autoCompact` hook (runs inside a prompt): compacts when the last request came near
 * the window of a model zot knows. A failed attempt leaves the transcript as it was (the prompt
 * still runs); `post_compact` carries the outcome for extensions.
 */
export async function autoCompact(
  agent: Agent,
  signal: AbortSignal,
  contextWindow: number | undefined,
  options: Omit<CompactOptions, "signal"> = {},
): Promise<CompactResult | undefined> {
  if (!autoCompactDue(agent.contextTokens, contextWindow)) return undefined;
  if (compactionCut(agent.messages, options.keepTail ?? 4) === 0) return undefined;
  const result = await run(agent, signal, options);
  if (result.status === "completed" && result.dropped > 0) {
    agent.emit({ type: "compact_done", summary: result.summary ?? "" });
  }
  return result;
}

async function run(
  agent: Agent,
  signal: AbortSignal,
  options: CompactOptions,
): Promise<CompactResult> {
  const compactionId = crypto.randomUUID();
  const before = agent.messages;
  agent.startSession();
  agent.emit({
    type: "pre_compact",
    compactionId,
    messageCount: before.length,
    tokenEstimate: tokenEstimate(before),
  });
  const finish = (result: CompactResult): CompactResult => {
    const after = agent.messages;
    agent.emit({
      type: "post_compact",
      compactionId,
      messageCount: after.length,
      tokenEstimate: tokenEstimate(after),
      status: result.status,
      error: result.error,
    });
    return result;
  };
  const cut = compactionCut(before, options.keepTail ?? 4);
  if (cut === 0) return finish({ status: "completed", dropped: 0, summary: "" });

  const deadline = AbortSignal.timeout(options.timeoutMs ?? 120_000);
  const requestSignal = AbortSignal.any([signal, deadline]);
  const turn = await streamTurn(agent.provider, {
    model: agent.model,
    system: SUMMARY_PROMPT,
    messages: [{ role: "user", content: [{ type: "text", text: render(before.slice(0, cut)) }] }],
    tools: [],
    signal: requestSignal,
  }, { textDelta() {}, usage: (usage) => agent.countUsage(usage), retry() {} });
  if (turn.stop === "aborted" || turn.stop === "error") {
    const status: RunStatus = signal.aborted
      ? "cancelled"
      : deadline.aborted
      ? "timed_out"
      : "failed";
    return finish({ status, dropped: 0, error: turn.error ?? errorMessage(requestSignal.reason) });
  }
  const summary = assistantText(turn.message).trim();
  if (summary === "") {
    return finish({ status: "failed", dropped: 0, error: "the model returned an empty summary" });
  }
  const message: UserMessage = {
    role: "user",
    content: [{ type: "text", text: `Summary of the earlier conversation:\n\n${summary}` }],
    time: new Date().toISOString(),
    meta: { compaction: "true" },
  };
  await agent.replaceHead(cut, message);
  return finish({ status: "completed", dropped: cut, summary });
}
