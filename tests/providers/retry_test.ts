import { ChunkError } from "../../src/providers/stream_openai.ts";
import { classifyError, retryAfterMs } from "../../src/providers/errors.ts";
import { backoffMs, withRetries } from "../../src/providers/retry.ts";
import type { StreamEvent } from "../../src/providers/types.ts";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";

class FakeApiError extends Error {
  constructor(readonly status: number, readonly headers: Headers, readonly error: unknown) {
    super(`${status} failure`);
  }
}

Deno.test("retryAfterMs reads retry-after-ms, seconds and HTTP dates", () => {
  assertEquals(retryAfterMs(new Headers({ "retry-after-ms": "250" })), 250);
  assertEquals(retryAfterMs(new Headers({ "retry-after": "2" })), 2000);
  const now = Date.parse("2026-01-01T00:00:00Z");
  assertEquals(
    retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }), now),
    3000,
  );
  assertEquals(retryAfterMs(new Headers({})), undefined);
  assertEquals(retryAfterMs(undefined), undefined);
});

Deno.test("backoff doubles per retry, is capped, and keeps half as jitter", () => {
  const opts = { baseDelayMs: 100, maxDelayMs: 350 };
  assertEquals(backoffMs(1, { ...opts, random: () => 0 }), 50);
  assertEquals(backoffMs(1, { ...opts, random: () => 0.999999 }), 100);
  assertEquals(backoffMs(2, { ...opts, random: () => 0.5 }), 150);
  assertEquals(backoffMs(5, { ...opts, random: () => 1 }), 350);
});

Deno.test("classifyError: status, API message, retryability", () => {
  const anthropic = classifyError(
    new FakeApiError(529, new Headers(), {
      type: "error",
      error: { type: "overloaded_error", message: "Busy" },
    }),
    "Anthropic",
  );
  assertEquals(anthropic, {
    message: "Anthropic API error 529: Busy",
    status: 529,
    aborted: false,
    retryable: true,
    retryAfterMs: undefined,
  });
  const openai = classifyError(
    new FakeApiError(401, new Headers(), { message: "Bad key" }),
    "OpenAI",
  );
  assertStringIncludes(openai.message, "OpenAI API error 401: Bad key (check the API key");
  assertEquals(openai.retryable, false);
  const aborted = new AbortController();
  aborted.abort();
  assertEquals(classifyError(new Error("x"), "OpenAI", aborted.signal).aborted, true);
  assertEquals(classifyError(new TypeError("oops"), "OpenAI").retryable, false);
});

Deno.test("classifyError: in-stream error chunks with transient types or codes are retryable", () => {
  // OpenRouter and other compatible servers put an HTTP-like code in the chunk.
  const upstream = classifyError(new ChunkError({ code: 502, message: "Upstream down" }), "OpenAI");
  assertEquals([upstream.message, upstream.retryable], ["OpenAI API error: Upstream down", true]);
  const bad = classifyError(new ChunkError({ code: 400, message: "Bad input" }), "OpenAI");
  assertEquals(bad.retryable, false);
  const limited = classifyError(
    new ChunkError({ message: "Slow down", type: "requests", code: "rate_limit_exceeded" }),
    "OpenAI",
  );
  assertEquals(limited.retryable, true);
});

async function collect(events: AsyncIterable<StreamEvent>) {
  const out: StreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const classify = (e: unknown) => classifyError(e, "Test");
const transient = () =>
  new FakeApiError(503, new Headers({ "retry-after": "0" }), { message: "down" });

Deno.test("withRetries: never retries once something was streamed", async () => {
  const events = await collect(withRetries(
    async function* () {
      yield { type: "text_delta", delta: "hel" };
      throw transient();
    },
    classify,
    new AbortController().signal,
    { baseDelayMs: 1 },
  ));
  assertEquals(events.map((e) => e.type), ["text_delta", "error"]);
});

Deno.test("withRetries: waits through the injected delay and honours retry-after", async () => {
  const waits: number[] = [];
  let calls = 0;
  const events = await collect(withRetries(
    async function* () {
      calls++;
      if (calls < 3) {
        throw new FakeApiError(429, new Headers({ "retry-after": "7" }), { message: "slow" });
      }
      yield { type: "text_delta", delta: "ok" };
    },
    classify,
    new AbortController().signal,
    { baseDelayMs: 1, delay: (ms) => Promise.resolve(void waits.push(ms)) },
  ));
  assertEquals(waits, [7000, 7000]);
  assertEquals(events.map((e) => e.type), ["retry", "retry", "text_delta"]);
});

Deno.test("withRetries: a server asking for too long a wait is not retried", async () => {
  const events = await collect(withRetries(
    async function* () {
      yield* [];
      throw new FakeApiError(429, new Headers({ "retry-after": "3600" }), { message: "later" });
    },
    classify,
    new AbortController().signal,
  ));
  assertEquals(events.length, 1);
  assertStringIncludes(
    events[0].type === "error" ? events[0].message : "",
    "429: later (not retried: the server asked to wait 3600 s)",
  );
});

Deno.test("withRetries: an abort during the backoff ends promptly as aborted", async () => {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  for await (
    const e of withRetries(
      async function* () {
        yield* [];
        throw transient();
      },
      classify,
      controller.signal,
      { baseDelayMs: 60_000, maxRetryAfterMs: 120_000 },
    )
  ) {
    events.push(e);
    if (e.type === "retry") controller.abort();
  }
  assertEquals(events.map((e) => e.type), ["retry", "error"]);
  assertEquals(events[1], { type: "error", message: "Request aborted", aborted: true });
});
