/**
 * Renders fake turns in the OpenAI Chat Completions wire format: `data:`
 * chunks with `choices[0].delta`, a usage chunk when
 * `stream_options.include_usage`, then `data: [DONE]`; the JSON completion
 * when not streaming; and the `{"error":{...}}` error body.
 *
 * @module
 */

import type { RenderContext } from "./fake_llm_anthropic.ts";
import {
  argsText,
  type FakeRaw,
  type FakeReply,
  type FakeTurn,
  isError,
  isHang,
  pieces,
  sse,
  stopOf,
  usageOf,
  withFaults,
} from "./fake_llm_script.ts";
import { jsonResponse, sseResponse } from "./fake_llm_sse.ts";

const ERROR_TYPES: Record<number, [string, string | null]> = {
  400: ["invalid_request_error", null],
  401: ["invalid_request_error", "invalid_api_key"],
  404: ["invalid_request_error", "model_not_found"],
  429: ["requests", "rate_limit_exceeded"],
};

export function openaiError(status: number, message: string, retryAfter?: string): Response {
  const [type, code] = ERROR_TYPES[status] ?? ["server_error", null];
  const headers: Record<string, string> = {};
  const after = retryAfter ?? (status === 429 ? "0" : undefined);
  if (after !== undefined) headers["retry-after"] = after;
  return jsonResponse({ error: { message, type, param: null, code } }, status, headers);
}

const FINISH = { end_turn: "stop", tool_use: "tool_calls", length: "length" } as const;

function usage(reply: FakeReply) {
  const u = usageOf(reply);
  // OpenAI counts cached tokens inside prompt_tokens and has no cache-write figure.
  const prompt = u.input + u.cacheRead;
  return {
    prompt_tokens: prompt,
    completion_tokens: u.output,
    total_tokens: prompt + u.output,
    prompt_tokens_details: { cached_tokens: u.cacheRead },
  };
}

function callId(ctx: RenderContext, i: number, id?: string): string {
  return id ?? `call_fake_${ctx.seq}_${i + 1}`;
}

export function renderOpenai(
  turn: Exclude<FakeTurn, FakeRaw>,
  ctx: RenderContext,
  includeUsage: boolean,
): Response {
  if (isError(turn)) {
    const { status, message, retryAfter } = turn.error;
    return openaiError(status, message ?? `Fake error ${status}`, retryAfter);
  }
  const id = `chatcmpl-fake-${ctx.seq}`;
  const created = 1_700_000_000;
  const chunk = (delta: unknown, finish: string | null = null) =>
    sse({
      id,
      object: "chat.completion.chunk",
      created,
      model: ctx.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  if (isHang(turn)) {
    const events = [chunk({ role: "assistant", content: "" })];
    if (turn.text) events.push(chunk({ content: turn.text }));
    return sseResponse(events, ctx.open, true);
  }
  if (!ctx.stream) return jsonResponse(wholeCompletion(turn, ctx, id, created));

  const size = turn.chunkSize ?? 4;
  const events = [chunk({ role: "assistant", content: "" })];
  if (turn.text !== undefined) {
    for (const piece of pieces(turn.text, size)) events.push(chunk({ content: piece }));
  }
  const quirks = turn.quirks ?? {};
  (turn.toolCalls ?? []).forEach((call, i) => {
    const index = quirks.sameToolIndex ? 0 : i;
    const header = { id: callId(ctx, i, call.id), type: "function" };
    const head = { index, ...header, function: { name: call.name, arguments: "" } };
    events.push(chunk({ tool_calls: [head] }));
    for (const piece of pieces(argsText(call), size)) {
      const fn = quirks.repeatToolHeader
        ? { name: call.name, arguments: piece }
        : { arguments: piece };
      const extra = quirks.repeatToolHeader ? header : {};
      events.push(chunk({ tool_calls: [{ index, ...extra, function: fn }] }));
    }
  });
  events.push(chunk({}, FINISH[stopOf(turn)]));
  if (includeUsage) {
    events.push(sse({
      id,
      object: "chat.completion.chunk",
      created,
      model: ctx.model,
      choices: [],
      usage: usage(turn),
    }));
  }
  events.push(sse("[DONE]"));
  const fault = turn.streamError;
  const error = {
    error: {
      message: fault?.message ?? "Overloaded",
      type: fault?.type ?? "server_error",
      code: fault?.type ?? "server_error",
    },
  };
  return sseResponse(withFaults(events, turn, sse(error)), ctx.open);
}

function wholeCompletion(turn: FakeReply, ctx: RenderContext, id: string, created: number) {
  const calls = (turn.toolCalls ?? []).map((call, i) => ({
    id: callId(ctx, i, call.id),
    type: "function",
    function: { name: call.name, arguments: argsText(call) },
  }));
  return {
    id,
    object: "chat.completion",
    created,
    model: ctx.model,
    choices: [{
      index: 0,
      message: {
        role: "assistant",
        content: turn.text ?? null,
        ...(calls.length ? { tool_calls: calls } : {}),
      },
      finish_reason: FINISH[stopOf(turn)],
    }],
    usage: usage(turn),
  };
}
