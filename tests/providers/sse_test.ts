import { createProvider } from "../../src/providers/registry.ts";
import { readSse } from "../../src/providers/sse.ts";
import type { StreamEvent } from "../../src/providers/types.ts";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";

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
