/**
 * Renders fake turns in the Anthropic Messages API wire format: the SSE
 * event sequence of `stream: true`, the JSON message otherwise, and the
 * `{"type":"error","error":{...}}` error body.
 *
 * @module
 */

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
import { jsonResponse, type OpenStreams, sseResponse } from "./fake_llm_sse.ts";

/** Per-request facts the renderer needs. */
export interface RenderContext {
  model: string;
  stream: boolean;
  /** Request number (1-based), used to make ids unique. */
  seq: number;
  open: OpenStreams;
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

export function anthropicError(status: number, message: string, retryAfter?: string): Response {
  const type = ERROR_TYPES[status] ?? "api_error";
  const headers: Record<string, string> = {};
  const after = retryAfter ?? (status === 429 ? "0" : undefined);
  if (after !== undefined) headers["retry-after"] = after;
  return jsonResponse(
    { type: "error", error: { type, message }, request_id: "req_fake" },
    status,
    headers,
  );
}

function messageUsage(reply: FakeReply) {
  const u = usageOf(reply);
  return {
    input_tokens: u.input,
    output_tokens: u.output,
    cache_read_input_tokens: u.cacheRead,
    cache_creation_input_tokens: u.cacheWrite,
  };
}

function toolId(ctx: RenderContext, i: number, id?: string): string {
  return id ?? `toolu_fake_${ctx.seq}_${i + 1}`;
}

export function renderAnthropic(turn: Exclude<FakeTurn, FakeRaw>, ctx: RenderContext): Response {
  if (isError(turn)) {
    const { status, message, retryAfter } = turn.error;
    return anthropicError(status, message ?? `Fake error ${status}`, retryAfter);
  }
  const id = `msg_fake_${ctx.seq}`;
  const start = {
    type: "message_start",
    message: {
      id,
      type: "message",
      role: "assistant",
      model: ctx.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: isHang(turn) ? { input_tokens: 1, output_tokens: 1 } : {
        ...messageUsage(turn),
        output_tokens: 1,
      },
    },
  };
  if (isHang(turn)) {
    const events = [sse(start, "message_start")];
    if (turn.text) {
      events.push(
        sse(
          { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
          "content_block_start",
        ),
        sse({
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: turn.text },
        }, "content_block_delta"),
      );
    }
    return sseResponse(events, ctx.open, true);
  }
  if (!ctx.stream) return jsonResponse(wholeMessage(turn, ctx, id));

  const size = turn.chunkSize ?? 4;
  const events = [sse(start, "message_start"), sse({ type: "ping" }, "ping")];
  let index = 0;
  if (turn.text !== undefined) {
    events.push(
      sse(
        { type: "content_block_start", index, content_block: { type: "text", text: "" } },
        "content_block_start",
      ),
    );
    for (const piece of pieces(turn.text, size)) {
      events.push(
        sse(
          { type: "content_block_delta", index, delta: { type: "text_delta", text: piece } },
          "content_block_delta",
        ),
      );
    }
    events.push(sse({ type: "content_block_stop", index }, "content_block_stop"));
    index++;
  }
  (turn.toolCalls ?? []).forEach((call, i) => {
    const block = { type: "tool_use", id: toolId(ctx, i, call.id), name: call.name, input: {} };
    events.push(
      sse({ type: "content_block_start", index, content_block: block }, "content_block_start"),
    );
    for (const piece of pieces(argsText(call), size)) {
      const delta = { type: "input_json_delta", partial_json: piece };
      events.push(sse({ type: "content_block_delta", index, delta }, "content_block_delta"));
    }
    events.push(sse({ type: "content_block_stop", index }, "content_block_stop"));
    index++;
  });
  const stop = stopOf(turn);
  events.push(
    sse({
      type: "message_delta",
      delta: { stop_reason: stop === "length" ? "max_tokens" : stop, stop_sequence: null },
      usage: messageUsage(turn),
    }, "message_delta"),
    sse({ type: "message_stop" }, "message_stop"),
  );
  const fault = turn.streamError;
  const error = {
    type: "error",
    error: { type: fault?.type ?? "overloaded_error", message: fault?.message ?? "Overloaded" },
  };
  return sseResponse(withFaults(events, turn, sse(error, "error")), ctx.open);
}

function wholeMessage(turn: FakeReply, ctx: RenderContext, id: string) {
  const content: unknown[] = [];
  if (turn.text !== undefined) content.push({ type: "text", text: turn.text });
  (turn.toolCalls ?? []).forEach((call, i) => {
    let input: unknown = {};
    try {
      input = JSON.parse(argsText(call));
    } catch {
      // The real API always returns an object here.
    }
    content.push({ type: "tool_use", id: toolId(ctx, i, call.id), name: call.name, input });
  });
  const stop = stopOf(turn);
  return {
    id,
    type: "message",
    role: "assistant",
    model: ctx.model,
    content,
    stop_reason: stop === "length" ? "max_tokens" : stop,
    stop_sequence: null,
    usage: messageUsage(turn),
  };
}
