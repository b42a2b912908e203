/**
 * `call_tool` from an extension (as the reference host does): the refusal checks in
 * their exact order, then execution through the agent's {@linkcode ToolCaller}
 * under the parent's cancellation, a 60 s deadline and `call_tool_cancel`.
 * Every accepted request gets exactly one `tool_result` reply.
 *
 * @module
 */

import type { CallToolFrame, HostToolResultFrame } from "../../protocol/frames.ts";
import { CAP_CALL_TOOL } from "../../protocol/frames.ts";
import { CALL_TOOL_MAX_DEPTH } from "../../protocol/limits.ts";
import type { ContentBlock } from "../../protocol/content.ts";
import { errorMessage } from "../../errors.ts";
import type { ToolCaller } from "../../model/types.ts";
import { deadlineSignal, type HostTimeouts } from "./core.ts";
import { boundContent } from "./bound.ts";
import type { ExtensionRecord } from "./record.ts";
import { allowsCallTool } from "../../scope/allows.ts";
import { refusalMessage } from "../../scope/refusal.ts";

export const CALL_TOOL_REFUSALS = {
  optIn: "extension did not opt in to call_tool",
  unknownParent: "unknown or expired parent tool call",
  parentRequired: "parent_id is required while an extension tool is active",
  cycle: "tool call cycle detected",
  depth: "tool call depth limit reached",
  noCaller: "host tool calls are unavailable",
  badRequest: "call_tool requires a name and JSON object args",
  busy:
    "too many call_tool requests waiting (wait for results before sending more; at most 1024 wait)",
} as const;

function reply(
  record: ExtensionRecord,
  frame: CallToolFrame,
  content: readonly ContentBlock[],
  isError: boolean,
): void {
  const bounded = boundContent(content);
  const out: HostToolResultFrame = {
    type: "tool_result",
    id: frame.id,
    name: frame.name,
    content: bounded.content,
    is_error: isError,
  };
  if (bounded.truncated) out.truncated = true;
  record.channel?.send(out);
}

/** Refusals are answered in turn with the caller's other replies (paced). */
function refuse(record: ExtensionRecord, frame: CallToolFrame, text: string): void {
  const send = () => reply(record, frame, [{ type: "text", text }], true);
  if (record.callToolQueue.full) return send();
  record.callToolQueue.reply(send);
}

/**
 * What serving `call_tool` touches beyond the caller's own record: the agent's tool runner
 * (read at each request, since the agent wires it after loading) and the deadline.
 */
export interface CallToolHost {
  readonly toolCaller?: ToolCaller;
  readonly timeouts: Pick<HostTimeouts, "callToolMs">;
}

/** Settles once the request of that controller has had its reply. */
const replied = new WeakMap<AbortController, Promise<void>>();

/** Handle one `call_tool` frame from `record`. Never throws. */
export function handleCallTool(
  core: CallToolHost,
  record: ExtensionRecord,
  frame: CallToolFrame,
): void {
  // A duplicate in-flight id is ignored without a reply (reference behaviour).
  if (record.callTools.has(frame.id)) return;
  const channel = record.channel;
  if (!channel) return;
  if (!channel.capabilities.has(CAP_CALL_TOOL)) {
    return refuse(record, frame, CALL_TOOL_REFUSALS.optIn);
  }
  if (record.scope && !allowsCallTool(record.scope, frame.name)) {
    return refuse(record, frame, refusalMessage(record.name, "call_tool", frame.name));
  }
  const parent = frame.parent_id !== undefined && frame.parent_id !== ""
    ? record.hostCalls.get(frame.parent_id)
    : undefined;
  if (frame.parent_id && !parent) return refuse(record, frame, CALL_TOOL_REFUSALS.unknownParent);
  if (!frame.parent_id && record.hostCalls.size > 0) {
    return refuse(record, frame, CALL_TOOL_REFUSALS.parentRequired);
  }
  const chain = parent ? parent.chain : [];
  if (chain.includes(frame.name)) return refuse(record, frame, CALL_TOOL_REFUSALS.cycle);
  if (chain.length >= CALL_TOOL_MAX_DEPTH) return refuse(record, frame, CALL_TOOL_REFUSALS.depth);
  const caller = core.toolCaller;
  if (!caller) return refuse(record, frame, CALL_TOOL_REFUSALS.noCaller);
  const args = frame.args;
  if (frame.name === "" || args === undefined) {
    return refuse(record, frame, CALL_TOOL_REFUSALS.badRequest);
  }

  if (record.callToolQueue.full) return refuse(record, frame, CALL_TOOL_REFUSALS.busy);

  const own = new AbortController();
  record.callTools.set(frame.id, own);
  const answered = Promise.withResolvers<void>();
  replied.set(own, answered.promise);
  const deadline = deadlineSignal(core.timeouts.callToolMs);
  const signals = [own.signal, deadline.signal];
  if (parent) signals.push(parent.signal);
  const signal = AbortSignal.any(signals);

  let settled = false;
  const finish = (content: readonly ContentBlock[], isError: boolean) => {
    if (settled) return;
    settled = true;
    signal.removeEventListener("abort", onAbort);
    deadline.clear();
    record.callTools.delete(frame.id);
    reply(record, frame, content, isError);
    answered.resolve();
  };
  const onAbort = () => {
    const text = deadline.signal.aborted ? "context deadline exceeded" : "context canceled";
    finish([{ type: "text", text }], true);
  };
  // Paced: it runs when a slot is free and the caller has read earlier replies.
  record.callToolQueue.submit({
    signal,
    bytes: JSON.stringify(args).length,
    cancelled: onAbort,
    run: () => {
      // Running: reply at once on cancel or deadline even if the tool ignores its signal.
      signal.addEventListener("abort", onAbort);
      if (signal.aborted) {
        onAbort();
        return Promise.resolve();
      }
      return caller.callTool(frame.name, args, {
        origin: record.name,
        signal,
        chain: [...chain, frame.name],
      }).then(
        (result) => finish(result.content, result.isError === true),
        (e) => finish([{ type: "text", text: errorMessage(e) }], true),
      );
    },
  });
}

/** `call_tool_cancel`: abort the request; its reply is still sent. */
export function cancelCallTool(record: ExtensionRecord, id: string): void {
  record.callTools.get(id)?.abort();
}

/**
 * Shutdown: cancel every request in flight and wait (at most `ms`) until each
 * has had its `context canceled` reply, so none is left unanswered when
 * `shutdown` follows. Queued ones are answered at the caller's pace.
 */
export async function answerAllCallTools(record: ExtensionRecord, ms: number): Promise<void> {
  const waits = [...record.callTools.values()].map((c) => replied.get(c));
  if (waits.length === 0) return;
  cancelAllCallTools(record);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => timer = setTimeout(resolve, Math.max(0, ms)));
  await Promise.race([Promise.all(waits), bound]);
  clearTimeout(timer);
}

/** Disconnect: abort everything the extension had in flight. */
export function cancelAllCallTools(record: ExtensionRecord): void {
  for (const controller of record.callTools.values()) controller.abort();
}
