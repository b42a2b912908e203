import { createProvider } from "../../src/providers/registry.ts";
import { readSse, SseError } from "../../src/providers/sse.ts";
import type { StreamEvent } from "../../src/providers/types.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { within } from "../helpers/wait.ts";

function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const p of parts) c.enqueue(encoder.encode(p));
      c.close();
    },
  });
}

async function read(...parts: string[]) {
  const out = [];
  for await (const m of readSse(streamOf(...parts))) out.push(m);
  return out;
}

Deno.test("readSse: events split across chunks, CRLF, comments, multi-line data", async () => {
  assertEquals(
    await read(
      "event: a\r\nda",
      'ta: {"x":1}\r\n\r\n: a comment\n\ndata: line1\ndata: line2\n\n',
      "data:nospace\n\ndata: unterminated",
    ),
    [
      { event: "a", data: '{"x":1}' },
      { data: "line1\nline2" },
      { data: "nospace" },
    ],
  );
});

Deno.test("readSse: multi-byte characters split across chunks stay intact", async () => {
  const bytes = new TextEncoder().encode("data: héllo ✓\n\n");
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const b of bytes) c.enqueue(new Uint8Array([b]));
      c.close();
    },
  });
  const out = [];
  for await (const m of readSse(stream)) out.push(m);
  assertEquals(out, [{ data: "héllo ✓" }]);
});

Deno.test("readSse: bare CR line ends and a leading byte order mark, as the SSE spec has them", async () => {
  assertEquals(await read("\uFEFFdata: a\r\rdata: b\r", "\r"), [{ data: "a" }, { data: "b" }]);
});

async function readLimited(limit: number, ...parts: string[]) {
  const out = [];
  for await (const m of readSse(streamOf(...parts), limit)) out.push(m);
  return out;
}

Deno.test("readSse: a line that never ends is given up at the bound, not buffered", async () => {
  const endless = Array.from({ length: 50 }, () => "x".repeat(100));
  const e = await assertRejects(() => readLimited(1_000, "data: ", ...endless), "over 1000");
  assert(e instanceof SseError, `an SseError: ${e}`);
});

Deno.test("readSse: an event of many data lines without its blank line is given up at the bound", async () => {
  const lines = Array.from({ length: 50 }, () => `data: ${"y".repeat(100)}\n`);
  const e = await assertRejects(() => readLimited(1_000, ...lines), "over 1000 characters");
  assert(e instanceof SseError, `an SseError: ${e}`);
});

Deno.test("readSse: events under the bound pass, however many there are", async () => {
  const events = Array.from({ length: 50 }, (_, i) => `data: ${String(i).repeat(100)}\n\n`);
  assertEquals((await readLimited(1_000, ...events)).length, 50);
});

for (const provider of ["anthropic", "openai"] as const) {
  Deno.test(`${provider} (fetch): an endless stream line ends the reply in an error, not a retry`, async () => {
    // Over the 16 Mi character bound, in 1 MiB pieces, with no line end.
    const piece = "z".repeat(1 << 20);
    await using llm = await startFakeLlm({
      script: [{ raw: ["data: ", ...Array.from({ length: 17 }, () => piece)] }, { text: "no" }],
    });
    const p = createProvider({
      provider,
      apiKey: "k",
      baseUrl: provider === "anthropic" ? llm.anthropicBaseUrl : llm.openaiBaseUrl,
      retry: { baseDelayMs: 1, maxAttempts: 3 },
    });
    const events: StreamEvent[] = [];
    for await (
      const e of p.stream({
        model: "m",
        system: "",
        messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
        tools: [],
        signal: new AbortController().signal,
      })
    ) events.push(e);
    const last = events.at(-1);
    assert(last?.type === "error", `ends in an error: ${JSON.stringify(events.at(-1))}`);
    assertStringIncludes(last.message, "an event over 16777216 characters");
    // One model request (an Anthropic run may first ask the model's limits, not a retry).
    assertEquals(llm.requests.filter((r) => r.api === provider).length, 1);
  });
}

Deno.test("an unreachable server is retried, then reported with its address", async () => {
  const llm = await startFakeLlm();
  const baseUrl = llm.openaiBaseUrl;
  await llm.close();
  const provider = createProvider({
    provider: "openai",
    apiKey: "k",
    baseUrl,
    retry: { baseDelayMs: 1, maxAttempts: 2 },
  });
  const events: StreamEvent[] = [];
  for await (
    const e of provider.stream({
      model: "m",
      system: "",
      messages: [],
      tools: [],
      signal: new AbortController().signal,
    })
  ) events.push(e);
  assertEquals(events.map((e) => e.type), ["retry", "error"]);
  const last = events[1];
  assertStringIncludes(last.type === "error" ? last.message : "", "Cannot reach the OpenAI API");
  assertStringIncludes(last.type === "error" ? last.message : "", new URL(baseUrl).host);
});

Deno.test("readSse: an abort ends a read that waits on a server which sends nothing more", async () => {
  const encoder = new TextEncoder();
  for (const when of ["while the read waits", "before the next read"] as const) {
    // One event, then the stream stays open and silent, as a hung server's does. `waiting`
    // settles once a read is pending on the silent part.
    const { promise: waiting, resolve: readPending } = Promise.withResolvers<void>();
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (!sent) {
          sent = true;
          c.enqueue(encoder.encode("data: one\n\n"));
          return;
        }
        readPending();
        return new Promise<void>(() => {});
      },
    }, { highWaterMark: 0 });
    const controller = new AbortController();
    const events = readSse(body, undefined, controller.signal);
    assertEquals((await events.next()).value, { data: "one" });
    if (when === "before the next read") controller.abort(new Error("interrupted"));
    const next = events.next().then(() => undefined, (e) => e);
    if (when === "while the read waits") {
      await within(5_000, waiting, "the read on the silent stream");
      controller.abort(new Error("interrupted"));
    }
    const error = await within(5_000, next, `the aborted read (${when})`);
    assertStringIncludes(String(error), "interrupted", when);
  }
});
