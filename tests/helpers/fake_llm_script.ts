/**
 * The script language of the fake LLM server: what each model request gets.
 * Both wire formats (Anthropic, OpenAI) render the same turns.
 *
 * @module
 */

/** Token counts the fake reports; unspecified fields default to {@linkcode DEFAULT_USAGE}. */
export interface FakeUsage {
  /** Uncached input tokens. */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** A tool call the fake model makes. */
export interface FakeToolCall {
  name: string;
  /** An object is sent as JSON; a string is sent verbatim (use it for invalid JSON). */
  args: Record<string, unknown> | string;
  /** Defaults to `toolu_fake_<n>` (Anthropic) / `call_fake_<n>` (OpenAI). */
  id?: string;
}

/** A successful reply: text and/or tool calls, streamed in several pieces. */
export interface FakeReply {
  text?: string;
  toolCalls?: FakeToolCall[];
  /** Defaults to "tool_use" when there are tool calls, else "end_turn". */
  stop?: "end_turn" | "tool_use" | "length";
  usage?: Partial<FakeUsage>;
  /** Characters per streamed text / argument piece (default 4). */
  chunkSize?: number;
  /**
   * Send only the first `n` stream events, then end the body cleanly: a
   * stream cut off mid-reply (a proxy timeout, a dropped connection).
   */
  cutAfter?: number;
  /**
   * After `after` stream events (default 1: right after the start), send the
   * API's in-stream error event and end the body: Anthropic's
   * `event: error` (type default `overloaded_error`), OpenAI's
   * `{"error":{…}}` chunk (what OpenRouter and others send).
   */
  streamError?: { type?: string; message?: string; after?: number };
  /**
   * OpenAI-compatible servers that bend the chunk format (the OpenAI wire
   * only): `sameToolIndex` gives every tool call delta `index: 0` (Ollama
   * via LiteLLM, some proxies), `repeatToolHeader` repeats the call's id and
   * name on every delta of it.
   */
  quirks?: { sameToolIndex?: boolean; repeatToolHeader?: boolean };
}

/** A 200 SSE response whose body is `raw`, sent verbatim piece by piece (malformed streams). */
export interface FakeRaw {
  raw: string[];
  /** Default "text/event-stream". */
  contentType?: string;
}

/** An HTTP error in the API's own error JSON shape. */
export interface FakeError {
  error: {
    status: number;
    message?: string;
    /** Sent as the `retry-after` header (seconds); 429s default to "0". */
    retryAfter?: string;
  };
}

/** Stream the headers (and optional text), then never finish until the client aborts. */
export interface FakeHang {
  hang: true;
  text?: string;
}

/** What one model request gets. */
export type FakeTurn = FakeReply | FakeError | FakeHang | FakeRaw;

/** A request as the fake server recorded it. */
export interface FakeRequest {
  /** Which API the path belongs to. */
  api: "anthropic" | "openai" | "models" | "model" | "unknown";
  method: string;
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The parsed JSON body (undefined when there was none or it was not JSON). */
  body: unknown;
}

/** A fixed list of turns, or a function choosing a reply per request. */
export type FakeScript = FakeTurn[] | ((request: FakeRequest, index: number) => FakeTurn);

export const DEFAULT_USAGE: FakeUsage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 };

/** A 429 with `retry-after: 0`, then `turn`: two script entries. */
export function rateLimitedThen(turn: FakeTurn): FakeTurn[] {
  return [{ error: { status: 429, message: "Rate limited by the fake server" } }, turn];
}

export function isError(turn: FakeTurn): turn is FakeError {
  return "error" in turn;
}

export function isHang(turn: FakeTurn): turn is FakeHang {
  return "hang" in turn;
}

export function isRaw(turn: FakeTurn): turn is FakeRaw {
  return "raw" in turn;
}

/** The reply's events with its `streamError` and `cutAfter` faults applied. */
export function withFaults(events: string[], reply: FakeReply, errorEvent: string): string[] {
  let out = events;
  if (reply.streamError) out = [...out.slice(0, reply.streamError.after ?? 1), errorEvent];
  if (reply.cutAfter !== undefined) out = out.slice(0, reply.cutAfter);
  return out;
}

/** Split `text` into pieces of `size` characters (at least one piece). */
export function pieces(text: string, size = 4): string[] {
  if (text === "") return [""];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function usageOf(reply: FakeReply): FakeUsage {
  return { ...DEFAULT_USAGE, ...reply.usage };
}

export function argsText(call: FakeToolCall): string {
  return typeof call.args === "string" ? call.args : JSON.stringify(call.args);
}

export function stopOf(reply: FakeReply): "end_turn" | "tool_use" | "length" {
  return reply.stop ?? (reply.toolCalls?.length ? "tool_use" : "end_turn");
}

/** The reply for a request past the end of a fixed script. */
export function exhausted(index: number): FakeError {
  return {
    error: {
      status: 500,
      message: `Fake LLM script exhausted: request ${index + 1} has no scripted turn`,
    },
  };
}

/** Encode one Server-Sent Event. */
export function sse(data: unknown, event?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`;
}
