/**
 * Turns whatever an SDK or fetch threw into one provider failure value:
 * a readable message, the HTTP status, whether a retry may help, and the
 * server's `retry-after` hint. SDK errors are duck-typed so the SDKs stay
 * lazily loaded.
 *
 * @module
 */

import { errorMessage } from "../errors.ts";

/** A classified provider failure. */
export interface ProviderFailure {
  message: string;
  status?: number;
  aborted: boolean;
  /** 429, 408, 409, 5xx, an overload, or a network error. */
  retryable: boolean;
  /** From `retry-after-ms` / `retry-after` (seconds or HTTP date). */
  retryAfterMs?: number;
}

function field(value: unknown, key: string): unknown {
  // Functions too: an SDK error's class is read through `constructor.name`.
  const readable = (typeof value === "object" && value !== null) || typeof value === "function";
  return readable ? Reflect.get(value, key) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Parse `retry-after-ms` / `retry-after` from a Headers-like object. */
export function retryAfterMs(headers: unknown, now: number = Date.now()): number | undefined {
  const get = field(headers, "get");
  if (typeof get !== "function") return undefined;
  const read = (name: string) => text(Reflect.apply(get, headers, [name]));
  const ms = Number(read("retry-after-ms"));
  if (read("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const after = read("retry-after");
  if (after === undefined) return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The body ended cleanly before the API's end marker (Anthropic
 * `message_stop`, an OpenAI `finish_reason`): a proxy or server cut the
 * reply short. Transient, like a broken connection; retried while nothing
 * was streamed yet.
 */
export class IncompleteStreamError extends Error {
  constructor(missing: string) {
    super(`the response stream ended before the reply was complete (no ${missing})`);
    this.name = "IncompleteStreamError";
  }
}

/**
 * Error types and codes of in-stream error events (no HTTP status) that a
 * retry may cure: Anthropic `overloaded_error` / `api_error`, OpenAI
 * `server_error`, rate limits, and OpenRouter's numeric HTTP-like codes.
 */
const TRANSIENT_TYPES = new Set([
  "overloaded_error",
  "api_error",
  "server_error",
  "rate_limit_error",
  "rate_limit_exceeded",
]);

function transientCode(code: unknown): boolean {
  if (typeof code === "string") return TRANSIENT_TYPES.has(code);
  return typeof code === "number" && (code === 408 || code === 429 || code >= 500);
}

// The SDKs and http.ts wrap fetch failures in these; a bare TypeError is more likely our bug.
const NETWORK_NAMES = new Set(["APIConnectionError", "APIConnectionTimeoutError", "NetworkError"]);

/** The API's own error text: Anthropic `{error:{message}}`, OpenAI `error` = `{message}`. */
function apiMessage(e: unknown): string | undefined {
  const body = field(e, "error");
  return text(field(field(body, "error"), "message")) ?? text(field(body, "message"));
}

function apiType(e: unknown): string | undefined {
  const body = field(e, "error");
  return text(field(field(body, "error"), "type")) ?? text(field(body, "type"));
}

function apiCode(e: unknown): unknown {
  const body = field(e, "error");
  return field(field(body, "error"), "code") ?? field(body, "code");
}

/**
 * A 404 is an unknown model or a base URL missing (or doubling) the API's path prefix: the
 * OpenAI SDK and our fetch add `/chat/completions` to a URL that must end in `/v1`, the
 * Anthropic ones add `/v1/messages`. For the model, the remedy is the command that lists the
 * ones to pick from: an OpenAI-compatible server is asked for its own, so it names the URL.
 */
function notFoundHint(label: string, endpoint: string | undefined): string {
  const openai = label === "OpenAI";
  const where = endpoint ? ` (${endpoint})` : "";
  const path = openai
    ? "an OpenAI-compatible server's URL usually ends in /v1"
    : "the URL comes without /v1";
  const list = openai
    ? `zot --list-models --provider openai${endpoint ? ` --base-url ${endpoint}` : ""}`
    : "zot --list-models --provider anthropic";
  return ` (check --model: run "${list}" to see the models; and --base-url${where}: ${path})`;
}

/**
 * Classify a thrown value from `label`'s API ("Anthropic", "OpenAI").
 * `endpoint` (the base URL) is named in network errors, where the SDKs' own
 * text ("Connection error.") does not say what could not be reached.
 */
export function classifyError(
  e: unknown,
  label: string,
  signal?: AbortSignal,
  endpoint?: string,
): ProviderFailure {
  const name = text(field(e, "name")) ?? "";
  const ctorName = text(field(field(e, "constructor"), "name")) ?? "";
  if (
    signal?.aborted || name === "AbortError" || ctorName === "APIUserAbortError" ||
    name === "APIUserAbortError"
  ) {
    return { message: "Request aborted", aborted: true, retryable: false };
  }
  const rawStatus = field(e, "status");
  const status = typeof rawStatus === "number" ? rawStatus : undefined;
  const raw = errorMessage(e);
  const detail = apiMessage(e) ?? raw;
  const type = apiType(e);
  if (status !== undefined) {
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    // An auth failure is the user's to fix: say where keys come from.
    const hint = status === 401 || status === 403
      ? " (check the API key: the provider's *_API_KEY variable, --api-key, or auth.json)"
      : status === 404
      ? notFoundHint(label, endpoint)
      : "";
    return {
      message: `${label} API error ${status}: ${detail}${hint}`,
      status,
      aborted: false,
      retryable,
      retryAfterMs: retryAfterMs(field(e, "headers")),
    };
  }
  if ((type !== undefined && TRANSIENT_TYPES.has(type)) || transientCode(apiCode(e))) {
    // An error event inside an SSE stream: no status, but transient.
    return { message: `${label} API error: ${detail}`, aborted: false, retryable: true };
  }
  if (e instanceof IncompleteStreamError) {
    return { message: `${label} API error: ${raw}`, aborted: false, retryable: true };
  }
  if (NETWORK_NAMES.has(ctorName) || NETWORK_NAMES.has(name)) {
    const cause = field(e, "cause");
    const why = cause instanceof Error && !raw.includes(cause.message)
      ? `${raw} (${cause.message})`
      : raw;
    const where = endpoint && !why.includes(new URL(endpoint).host) ? ` at ${endpoint}` : "";
    return {
      message: `Cannot reach the ${label} API${where}: ${why} (check the network and --base-url)`,
      aborted: false,
      retryable: true,
    };
  }
  return { message: `${label} request failed: ${raw}`, aborted: false, retryable: false };
}
