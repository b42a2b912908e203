/**
 * The provider contract, streaming side: text, tool calls, usage, retries,
 * errors and abort, for every provider and transport.
 */

import { costOf } from "../../src/providers/models.ts";
import { createProvider } from "../../src/providers/registry.ts";
import type { StreamEvent } from "../../src/providers/types.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { rateLimitedThen, startFakeLlm } from "../helpers/fake_llm.ts";
import { withTimeout } from "../helpers/wait.ts";
import { body, CASES, doneMessage, last, request, run } from "./contract_cases.ts";

for (const c of CASES) {
  Deno.test(`${c.id} (${c.transport}): streams text in several deltas, then usage and done`, async () => {
    const text = "Hello from the fake model";
    const { events, llm } = await run(c, [{ text, chunkSize: 5 }]);
    const deltas = events.flatMap((e) => e.type === "text_delta" ? [e.delta] : []);
    assert(deltas.length >= 3, `expected several deltas, got ${deltas.length}`);
    assertEquals(deltas.join(""), text);
    const message = doneMessage(events);
    assertEquals(message.content, [{ type: "text", text }]);
    assertEquals(message.stop, "end_turn");
    assertEquals(message.model, c.model);
    const headers = llm.requests[0].headers;
    assert(
      headers["x-api-key"] === "test-key" || headers["authorization"] === "Bearer test-key",
      "the API key is sent",
    );
    assertEquals(body(llm).stream, true);
  });

  Deno.test(`${c.id} (${c.transport}): one tool call, assembled from streamed pieces`, async () => {
    const { events } = await run(c, [{
      toolCalls: [{ name: "read", args: { path: "src/main.ts", limit: 20 }, id: "call-1" }],
    }]);
    const calls = events.filter((e) => e.type === "tool_call");
    assertEquals(calls, [{
      type: "tool_call",
      id: "call-1",
      name: "read",
      args: { path: "src/main.ts", limit: 20 },
    }]);
    const message = doneMessage(events);
    assertEquals(message.stop, "tool_use");
    assertEquals(message.content, [{
      type: "tool_call",
      id: "call-1",
      name: "read",
      args: { path: "src/main.ts", limit: 20 },
    }]);
  });

  Deno.test(`${c.id} (${c.transport}): text and several tool calls in one turn`, async () => {
    const { events } = await run(c, [{
      text: "Let me look.",
      toolCalls: [
        { name: "read", args: { path: "a" } },
        { name: "bash", args: { command: "ls -la" } },
        { name: "read", args: {} },
      ],
    }]);
    const message = doneMessage(events);
    assertEquals(message.content.map((b) => b.type), [
      "text",
      "tool_call",
      "tool_call",
      "tool_call",
    ]);
    const calls = message.content.flatMap((b) => b.type === "tool_call" ? [b] : []);
    assertEquals(calls.map((b) => [b.name, b.args]), [
      ["read", { path: "a" }],
      ["bash", { command: "ls -la" }],
      ["read", {}],
    ]);
    assertEquals(new Set(calls.map((b) => b.id)).size, 3);
  });

  Deno.test(`${c.id} (${c.transport}): invalid tool JSON gives {} plus args_raw`, async () => {
    const { events } = await run(c, [{ toolCalls: [{ name: "edit", args: '{"path": "a", ' }] }]);
    const call = events.find((e) => e.type === "tool_call");
    assert(call?.type === "tool_call");
    assertEquals(call.args, {});
    assertEquals(call.args_raw, '{"path": "a", ');
    assertEquals(doneMessage(events).content[0], {
      type: "tool_call",
      id: call.id,
      name: "edit",
      args: {},
      args_raw: '{"path": "a", ',
    });
  });

  Deno.test(`${c.id} (${c.transport}): usage with cache figures and cost from the model table`, async () => {
    const usage = {
      input: 1000,
      output: 200,
      cacheRead: 5000,
      cacheWrite: c.id === "anthropic" ? 300 : 0,
    };
    const { events } = await run(c, [{ text: "ok", usage }]);
    const u = events.find((e) => e.type === "usage");
    assert(u?.type === "usage");
    const expected = {
      input: 1000,
      output: 200,
      cache_read: 5000,
      cache_write: usage.cacheWrite,
    };
    assertEquals(u.usage, { ...expected, cost_usd: costOf(c.model, expected) });
    assert(u.usage.cost_usd > 0);
    assertEquals(doneMessage(events).usage, u.usage);
  });

  Deno.test(`${c.id} (${c.transport}): retries a 429 with a retry event, then succeeds`, async () => {
    const { events, llm } = await run(c, rateLimitedThen({ text: "after the wait" }));
    assertEquals(events[0].type, "retry");
    assert(events[0].type === "retry");
    assertEquals(events[0].attempt, 1);
    assertStringIncludes(events[0].error, "429");
    assertEquals(doneMessage(events).content, [{ type: "text", text: "after the wait" }]);
    assertEquals(llm.requests.length, 2);
  });

  Deno.test(`${c.id} (${c.transport}): a persistent 500 ends in an error after bounded retries`, async () => {
    const failure = { error: { status: 500, message: "Fake meltdown" } };
    const { events, llm } = await run(c, [failure, failure, failure, { text: "never" }]);
    assertEquals(events.map((e) => e.type), ["retry", "retry", "error"]);
    const e = last(events);
    assert(e.type === "error");
    assertEquals(e.status, 500);
    assertStringIncludes(e.message, "Fake meltdown");
    assertEquals(llm.requests.length, 3);
  });

  Deno.test(`${c.id} (${c.transport}): a 400 is not retried`, async () => {
    const { events } = await run(c, [{ error: { status: 400, message: "Bad field" } }]);
    assertEquals(events.length, 1);
    const e = last(events);
    assert(e.type === "error");
    assertEquals(e.status, 400);
    assertStringIncludes(e.message, "Bad field");
  });

  Deno.test(`${c.id} (${c.transport}): abort mid-stream ends with an aborted error`, async () => {
    await using llm = await startFakeLlm({ script: [{ hang: true, text: "partial" }] });
    const provider = createProvider({
      provider: c.id,
      apiKey: "k",
      baseUrl: c.baseUrl(llm),
      transport: c.transport,
    });
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const done = (async () => {
      for await (const e of provider.stream(request(c, { signal: controller.signal }))) {
        events.push(e);
        if (e.type === "text_delta") controller.abort();
      }
    })();
    await withTimeout(done, 5_000, "the aborted stream to end");
    assertEquals(events.map((e) => e.type), ["text_delta", "error"]);
    assertEquals(last(events), { type: "error", message: "Request aborted", aborted: true });
  });

  Deno.test(`${c.id} (${c.transport}): hitting the output limit stops with "length"`, async () => {
    const { events } = await run(c, [{ text: "cut sho", stop: "length" }]);
    assertEquals(doneMessage(events).stop, "length");
  });

  Deno.test(`${c.id} (${c.transport}): a 401 names where the key comes from`, async () => {
    const { events } = await run(c, [{ error: { status: 401, message: "invalid key" } }]);
    const e = last(events);
    assert(e.type === "error");
    assertStringIncludes(e.message, "401: invalid key (check the API key");
  });

  Deno.test(`${c.id} (${c.transport}): the script running out surfaces as an error`, async () => {
    const { events } = await run(c, []);
    const e = last(events);
    assert(e.type === "error");
    assertStringIncludes(e.message, "script exhausted");
  });
}
