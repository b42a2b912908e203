/**
 * A fake LLM HTTP server on 127.0.0.1 speaking the real wire formats of the
 * Anthropic Messages API (`POST /v1/messages`) and the OpenAI Chat
 * Completions API (`POST /v1/chat/completions`), plus `GET /v1/models` (and `/v1/models/<id>`).
 * End-to-end tests point zot (or an SDK) at it and script what the "model"
 * answers.
 *
 * Each model request consumes the next turn of the script, in order, whichever
 * API it came through. A turn is a reply (`text`, `toolCalls`, both, streamed
 * in several pieces), an HTTP `error` (status + the API's error JSON; 429s
 * carry `retry-after: 0`), a `hang` that streams the start of a reply and
 * then waits until the client aborts, or a `raw` body sent verbatim (broken
 * streams). A reply can carry faults real APIs show: an in-stream error
 * event (`streamError`, e.g. `overloaded_error`) or a stream cut off after
 * some events (`cutAfter`). When a fixed script runs out, further
 * model requests get HTTP 500 with the message
 * `Fake LLM script exhausted: request <n> has no scripted turn`, which
 * surfaces as a provider error. A function script is asked for every request
 * and never runs out.
 *
 * @example
 * ```ts
 * import { startFakeLlm } from "./fake_llm.ts";
 *
 * await using llm = await startFakeLlm({
 *   script: [
 *     { toolCalls: [{ name: "read", args: { path: "README.md" } }] },
 *     { text: "The README says hello." },
 *   ],
 * });
 * // Point a client at llm.anthropicBaseUrl (Anthropic SDK `baseURL`) or
 * // llm.openaiBaseUrl (OpenAI SDK `baseURL`), e.g. zot --base-url.
 * const res = await fetch(`${llm.openaiBaseUrl}/chat/completions`, {
 *   method: "POST",
 *   body: JSON.stringify({ model: "gpt-test", messages: [], stream: false }),
 * });
 * const completion = await res.json();
 * if (completion.choices[0].finish_reason !== "tool_calls") throw new Error("unexpected");
 * const first = await llm.nextRequest(); // the recorded request, body parsed
 * if (first.path !== "/v1/chat/completions") throw new Error("unexpected");
 * ```
 *
 * @module
 */

import { renderAnthropic } from "./fake_llm_anthropic.ts";
import { renderOpenai } from "./fake_llm_openai.ts";
import {
  exhausted,
  type FakeRequest,
  type FakeScript,
  type FakeTurn,
  isRaw,
} from "./fake_llm_script.ts";
import { jsonResponse, type OpenStreams, sseResponse } from "./fake_llm_sse.ts";

export type {
  FakeError,
  FakeHang,
  FakeRaw,
  FakeReply,
  FakeRequest,
  FakeScript,
  FakeToolCall,
  FakeTurn,
  FakeUsage,
} from "./fake_llm_script.ts";
export { rateLimitedThen } from "./fake_llm_script.ts";

export interface FakeLlmOptions {
  /** Turns in order, or a function choosing each reply. Default: no turns. */
  script?: FakeScript;
  /** Model ids served by `GET /v1/models` (default: one "fake-model"). */
  models?: string[];
  /** Output limits served as `max_tokens` by `GET /v1/models/<id>` (others: 404). */
  modelLimits?: Record<string, number>;
  /** More fields of a model's `GET /v1/models` entry (e.g. vLLM's `max_model_len`). */
  modelFields?: Record<string, Record<string, unknown>>;
}

/** A running fake server; dispose it (or `close()`) to stop it. */
export interface FakeLlm extends AsyncDisposable {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Base URL for the Anthropic SDK / `--base-url` with the anthropic provider (= url). */
  readonly anthropicBaseUrl: string;
  /** Base URL for the OpenAI SDK / `--base-url` with the openai provider (`<url>/v1`). */
  readonly openaiBaseUrl: string;
  /** Every request received, in arrival order, except the lookups below. */
  readonly requests: readonly FakeRequest[];
  /**
   * What was asked about models rather than of them (every GET, e.g. `GET /v1/models` and
   * `GET /v1/models/<id>`; Ollama's `POST /api/show`), in arrival order: kept apart, so a run that looks its model up
   * first does not shift the indexes of `request(n)`.
   */
  readonly lookups: readonly FakeRequest[];
  /** Streams still open (a `hang` turn stays open until its client goes away). */
  readonly openStreams: number;
  /** The next request not yet returned by `nextRequest`, waiting up to `timeoutMs`. */
  nextRequest(timeoutMs?: number): Promise<FakeRequest>;
  /** The `n`th request (0-based), waiting up to `timeoutMs` for it to arrive. */
  request(n: number, timeoutMs?: number): Promise<FakeRequest>;
  /** Append turns to a fixed script. */
  push(...turns: FakeTurn[]): void;
  close(): Promise<void>;
}

const DEFAULT_WAIT_MS = 5_000;

/** Start a fake LLM server on an ephemeral loopback port. */
export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const script = options.script ?? [];
  const turns = Array.isArray(script) ? [...script] : undefined;
  const requests: FakeRequest[] = [];
  const lookups: FakeRequest[] = [];
  const waiters: { n: number; resolve: (r: FakeRequest) => void }[] = [];
  const open: OpenStreams = new Set();
  let modelRequests = 0;
  let cursor = 0;

  const nextTurn = (request: FakeRequest): FakeTurn => {
    const index = modelRequests++;
    if (typeof script === "function") return script(request, index);
    return turns?.[index] ?? exhausted(index);
  };

  const record = (request: FakeRequest) => {
    requests.push(request);
    for (const w of waiters.filter((w) => w.n === requests.length - 1)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(request);
    }
  };

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const text = await req.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Recorded as undefined; the test sees it.
    }
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => headers[k] = v);
    const path = url.pathname;
    const api = path === "/v1/messages"
      ? "anthropic"
      : path === "/v1/chat/completions"
      ? "openai"
      : path === "/v1/models"
      ? "models"
      : path.startsWith("/v1/models/")
      ? "model"
      : "unknown";
    const request: FakeRequest = { api, method: req.method, path, headers, body };
    // Model requests are POSTs: every GET asks about models (also at a base URL without /v1).
    const lookup = req.method === "GET" || path === "/api/show";
    if (lookup) lookups.push(request);
    else record(request);
    if (api === "models") {
      return modelsResponse(options.models ?? ["fake-model"], options.modelFields);
    }
    if (api === "model") {
      const id = decodeURIComponent(path.slice("/v1/models/".length));
      const limit = options.modelLimits?.[id];
      if (limit === undefined) {
        return jsonResponse(
          { type: "error", error: { type: "not_found_error", message: id } },
          404,
        );
      }
      return jsonResponse({ id, type: "model", display_name: id, max_tokens: limit });
    }
    if (api === "unknown" || req.method !== "POST") {
      return jsonResponse({ error: { message: `Fake LLM: no route ${req.method} ${path}` } }, 404);
    }
    const turn = nextTurn(request);
    if (isRaw(turn)) return sseResponse(turn.raw, open, false, turn.contentType);
    const fields = isRecord(body) ? body : {};
    const ctx = {
      model: typeof fields.model === "string" ? fields.model : "fake-model",
      stream: fields.stream === true,
      seq: modelRequests,
      open,
    };
    if (api === "anthropic") return renderAnthropic(turn, ctx);
    const streamOptions = isRecord(fields.stream_options) ? fields.stream_options : {};
    return renderOpenai(turn, ctx, streamOptions.include_usage === true);
  };

  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: (addr) => listening.resolve(addr),
    onError: (e) => jsonResponse({ error: { message: `Fake LLM crashed: ${e}` } }, 500),
  }, handle);
  const addr = await listening.promise;
  const url = `http://127.0.0.1:${addr.port}`;

  const request = (n: number, timeoutMs = DEFAULT_WAIT_MS): Promise<FakeRequest> => {
    if (requests[n]) return Promise.resolve(requests[n]);
    const { promise, resolve, reject } = Promise.withResolvers<FakeRequest>();
    const waiter = { n, resolve };
    waiters.push(waiter);
    const timer = setTimeout(() => {
      waiters.splice(waiters.indexOf(waiter), 1);
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for fake LLM request ${n + 1}`));
    }, timeoutMs);
    return promise.finally(() => clearTimeout(timer));
  };

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      for (const c of open) {
        try {
          c.close();
        } catch {
          // A stream the client already dropped.
        }
      }
      open.clear();
      await server.shutdown();
    })();
    return closed;
  };

  return {
    url,
    anthropicBaseUrl: url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    lookups,
    get openStreams() {
      return open.size;
    },
    nextRequest: (timeoutMs) => request(cursor++, timeoutMs),
    request,
    push: (...more) => {
      if (!turns) throw new Error("Cannot push turns onto a function script");
      turns.push(...more);
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function modelsResponse(
  ids: string[],
  fields: Record<string, Record<string, unknown>> = {},
): Response {
  // One shape both SDKs accept: OpenAI's list plus Anthropic's fields.
  return jsonResponse({
    object: "list",
    data: ids.map((id) => ({
      id,
      object: "model",
      type: "model",
      created: 1_700_000_000,
      created_at: "2025-01-01T00:00:00Z",
      display_name: id,
      owned_by: "fake",
      ...fields[id],
    })),
    has_more: false,
    first_id: ids[0] ?? null,
    last_id: ids.at(-1) ?? null,
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
