import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { rateLimitedThen, startFakeLlm } from "../helpers/fake_llm.ts";
import { until, within } from "../helpers/wait.ts";

async function post(url: string, body: unknown, signal?: AbortSignal) {
  return await fetch(url, { method: "POST", body: JSON.stringify(body), signal });
}

Deno.test("fake LLM streams Anthropic SSE events in order", async () => {
  await using llm = await startFakeLlm({
    script: [{ text: "Hello there", toolCalls: [{ name: "read", args: { path: "a" } }] }],
  });
  const res = await post(`${llm.anthropicBaseUrl}/v1/messages`, { model: "m", stream: true });
  const body = await res.text();
  const events = [...body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
  assertEquals(events[0], "message_start");
  assertEquals(events.at(-1), "message_stop");
  assert(events.includes("content_block_delta"));
  assertStringIncludes(body, '"stop_reason":"tool_use"');
  assertStringIncludes(body, '"input_json_delta"');
  const req = await llm.nextRequest();
  assertEquals(req.api, "anthropic");
  assertEquals(req.body, { model: "m", stream: true });
});

Deno.test("fake LLM streams OpenAI chunks with usage and [DONE]", async () => {
  await using llm = await startFakeLlm({ script: [{ text: "Hi" }] });
  const res = await post(`${llm.openaiBaseUrl}/chat/completions`, {
    model: "gpt",
    stream: true,
    stream_options: { include_usage: true },
  });
  const lines = (await res.text()).split("\n").filter((l) => l.startsWith("data: "));
  assertEquals(lines.at(-1), "data: [DONE]");
  const usage = JSON.parse(lines.at(-2)!.slice(6));
  assertEquals(usage.usage.prompt_tokens, 10);
  const finish = JSON.parse(lines.at(-3)!.slice(6));
  assertEquals(finish.choices[0].finish_reason, "stop");
});

Deno.test("fake LLM returns errors in each API's shape and 500 when exhausted", async () => {
  await using llm = await startFakeLlm({ script: rateLimitedThen({ text: "ok" }) });
  const limited = await post(`${llm.anthropicBaseUrl}/v1/messages`, { model: "m" });
  assertEquals(limited.status, 429);
  assertEquals(limited.headers.get("retry-after"), "0");
  assertEquals((await limited.json()).error.type, "rate_limit_error");
  const ok = await post(`${llm.openaiBaseUrl}/chat/completions`, { model: "m" });
  assertEquals((await ok.json()).choices[0].message.content, "ok");
  const over = await post(`${llm.openaiBaseUrl}/chat/completions`, { model: "m" });
  assertEquals(over.status, 500);
  assertStringIncludes((await over.json()).error.message, "script exhausted: request 3");
});

Deno.test("fake LLM hang ends when the client aborts", async () => {
  await using llm = await startFakeLlm({ script: [{ hang: true, text: "partial" }] });
  const controller = new AbortController();
  const res = await post(`${llm.openaiBaseUrl}/chat/completions`, {
    model: "m",
    stream: true,
  }, controller.signal);
  const reader = res.body!.getReader();
  const first = await within(5_000, reader.read(), "the start of the reply");
  assert(!first.done);
  assertStringIncludes(new TextDecoder().decode(first.value), "partial");
  // The reply has started and the stream stays open: that is the hang.
  assertEquals(llm.openStreams, 1);
  controller.abort();
  await reader.read().catch(() => undefined);
  // The server notices the client went away and drops the stream.
  await until(() => llm.openStreams === 0, 5_000, "the server to end the hanging stream");
  assertEquals(llm.requests.length, 1);
});

Deno.test("fake LLM function script and /v1/models", async () => {
  await using llm = await startFakeLlm({
    script: (_req, i) => ({ text: `reply ${i}` }),
    models: ["a", "b"],
  });
  const models = await (await fetch(`${llm.openaiBaseUrl}/models`)).json();
  assertEquals(models.data.map((m: { id: string }) => m.id), ["a", "b"]);
  const res = await post(`${llm.openaiBaseUrl}/chat/completions`, { model: "m" });
  assertEquals((await res.json()).choices[0].message.content, "reply 0");
  assertEquals((await llm.request(0)).path, "/v1/chat/completions");
  assertEquals(llm.lookups.map((r) => r.path), ["/v1/models"]);
});

Deno.test("fake LLM faults: an in-stream error event, a cut-off stream, a raw body", async () => {
  await using llm = await startFakeLlm({
    script: [
      { text: "Hello there", streamError: { after: 2 } },
      { text: "Hello there", streamError: { type: "server_error", message: "boom", after: 1 } },
      { text: "Hello there", cutAfter: 3 },
      { raw: ["data: {broken\n\n", "data: [DONE]\n\n"] },
    ],
  });
  const anthropic = await (await post(`${llm.anthropicBaseUrl}/v1/messages`, { stream: true }))
    .text();
  assertEquals([...anthropic.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]), [
    "message_start",
    "ping",
    "error",
  ]);
  assertStringIncludes(anthropic, '"type":"overloaded_error"');
  const openai = await (await post(`${llm.openaiBaseUrl}/chat/completions`, { stream: true }))
    .text();
  const chunks = openai.split("\n").filter((l) => l.startsWith("data: "));
  assertEquals(chunks.length, 2);
  assertEquals(JSON.parse(chunks[1].slice(6)).error, {
    message: "boom",
    type: "server_error",
    code: "server_error",
  });
  const cut = await (await post(`${llm.anthropicBaseUrl}/v1/messages`, { stream: true })).text();
  assertEquals([...cut.matchAll(/^event: (\w+)$/gm)].length, 3);
  assert(!cut.includes("message_stop"));
  const raw = await post(`${llm.openaiBaseUrl}/chat/completions`, { stream: true });
  assertEquals(raw.headers.get("content-type"), "text/event-stream");
  assertEquals(await raw.text(), "data: {broken\n\ndata: [DONE]\n\n");
});
