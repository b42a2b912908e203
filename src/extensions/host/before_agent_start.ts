/**
 * The `before_agent_start` replacement chain (spec "System prompt
 * replacement", as the reference host runs it): serial in load order, each extension
 * gets the previous result, 5 s per extension including the request write.
 * Failures keep the current prompt and are reported three ways (log,
 * diagnostic, UI warning); startup hooks can never block.
 *
 * @module
 */

import type { BeforeAgentStart } from "../../agent/hooks.ts";
import type { EventInterceptResponseFrame } from "../../protocol/frames.ts";
import { MAX_SYSTEM_PROMPT_BYTES } from "../../protocol/limits.ts";
import { RequestError } from "../channel.ts";
import type { HostUi } from "../ui.ts";
import { deadlineSignal, type HostTimeouts, nextRequestId } from "./core.ts";
import type { Diagnostics } from "./diagnostics.ts";
import { interceptors } from "./intercept.ts";
import type { ExtensionRecord } from "./record.ts";

/** What the chain touches: the extensions in load order, the deadline, and where failures go. */
export interface PromptChainHost {
  readonly records: readonly ExtensionRecord[];
  readonly timeouts: Pick<HostTimeouts, "interceptMs">;
  readonly diagnostics: Pick<Diagnostics, "about">;
  readonly ui: Pick<HostUi, "warn">;
}

/** A reply's effect: a new prompt, nothing, or a failure text. */
export type PromptReply =
  | { kind: "replace"; prompt: string }
  | { kind: "keep" }
  | { kind: "failure"; failure: string };

/** Apply the reply rules to one `event_intercept_response`. */
export function judgeReply(reply: EventInterceptResponseFrame): PromptReply {
  const sent = reply.system_prompt !== undefined || reply.system_prompt_invalid === true;
  if (!sent) {
    return reply.block === true
      ? {
        kind: "failure",
        failure: "extension returned a blocking response; startup hooks cannot block",
      }
      : { kind: "keep" };
  }
  if ((reply.system_prompt_bytes ?? 0) > MAX_SYSTEM_PROMPT_BYTES) {
    return { kind: "failure", failure: "system_prompt exceeds 1 MiB encoded limit" };
  }
  // Sent, within the bound, but not a string (null included).
  if (reply.system_prompt === undefined) {
    return { kind: "failure", failure: "system_prompt must be a string" };
  }
  // Exact replacement: no trimming or merging; "" removes the prompt.
  return { kind: "replace", prompt: reply.system_prompt };
}

function requestFailure(e: unknown, timedOut: boolean): string {
  if (timedOut) return "response timed out";
  if (e instanceof RequestError) {
    if (e.kind === "timeout") return "response timed out";
    if (e.kind === "write") return "request write failed";
    if (e.kind === "disconnected") return "extension disconnected";
  }
  return "response canceled or timed out";
}

async function askOne(
  timeoutMs: number,
  record: ExtensionRecord,
  input: BeforeAgentStart,
  prompt: string,
  signal: AbortSignal,
): Promise<PromptReply> {
  const channel = record.channel;
  if (!channel) return { kind: "keep" };
  // Our own deadline covers the write as well as the reply.
  const deadline = deadlineSignal(timeoutMs);
  try {
    const reply = await channel.request({
      type: "event_intercept",
      id: nextRequestId(),
      event: "before_agent_start",
      system_prompt: prompt,
      session_id: input.sessionId,
      agent_run_id: input.agentRunId,
      cwd: input.cwd,
      provider: input.provider,
      model: input.model,
    }, {
      timeoutMs,
      signal: AbortSignal.any([signal, deadline.signal]),
    });
    if (reply.type !== "event_intercept_response") {
      return { kind: "failure", failure: "response canceled or timed out" };
    }
    return judgeReply(reply);
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    return { kind: "failure", failure: requestFailure(e, deadline.signal.aborted) };
  } finally {
    deadline.clear();
  }
}

/**
 * Run the chain and return the final prompt. Rejects with the signal's
 * reason when `signal` aborts: cancellation commits nothing.
 */
export async function runBeforeAgentStart(
  core: PromptChainHost,
  input: BeforeAgentStart,
  signal: AbortSignal,
): Promise<string> {
  let prompt = input.systemPrompt;
  for (const record of interceptors(core.records, "before_agent_start")) {
    signal.throwIfAborted();
    const result = await askOne(core.timeouts.interceptMs, record, input, prompt, signal);
    if (result.kind === "replace") prompt = result.prompt;
    if (result.kind !== "failure") continue;
    const message = `before_agent_start: ${result.failure}; keeping current system prompt`;
    core.ui.warn(core.diagnostics.about(record, { code: "prompt-hook-failed", message }, {
      log: true,
    }));
  }
  return prompt;
}
