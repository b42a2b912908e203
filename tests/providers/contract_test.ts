/**
 * One contract suite run against both providers, each through its real SDK
 * against the fake LLM server speaking that API's wire format.
 */

import type { Message } from "../../src/agent/types.ts";
import { costOf } from "../../src/providers/models.ts";
import { createProvider } from "../../src/providers/registry.ts";
import type { ModelRequest, ProviderId, StreamEvent } from "../../src/providers/types.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import {
  type FakeLlm,
  type FakeScript,
  rateLimitedThen,
  startFakeLlm,
} from "../helpers/fake_llm.ts";
import { withTimeout } from "../helpers/wait.ts";

interface Case {
  id: ProviderId;
  transport: "fetch" | "sdk";
  model: string;
  baseUrl: (llm: FakeLlm) => string;
}

const ANTHROPIC = {
  id: "anthropic",
  model: "claude-haiku-4-5",
  baseUrl: (llm: FakeLlm) => llm.anthropicBaseUrl,
} as const;
const OPENAI = {
  id: "openai",
  model: "gpt-4o",
  baseUrl: (llm: FakeLlm) => llm.openaiBaseUrl,
} as const;
// Every provider through both transports: our fetch + SSE reader, and the real SDK.
const CASES: Case[] = [
  { ...ANTHROPIC, transport: "fetch" },
  { ...OPENAI, transport: "fetch" },
  { ...ANTHROPIC, transport: "sdk" },
  { ...OPENAI, transport: "sdk" },
];

const PNG = "iVBORw0KGgo=";

function request(c: Case, patch: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: c.model,
    system: "You are a test.",
    messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    tools: [],
    signal: new AbortController().signal,
    ...patch,
  };
}

async function run(c: Case, script: FakeScript, patch: Partial<ModelRequest> = {}) {
  const llm = await startFakeLlm({ script });
  const provider = createProvider({
    provider: c.id,
    apiKey: "test-key",
    baseUrl: c.baseUrl(llm),
    transport: c.transport,
    retry: { baseDelayMs: 1, maxAttempts: 3 },
  });
  const events: StreamEvent[] = [];
  try {
    const done = (async () => {
      for await (const e of provider.stream(request(c, patch))) events.push(e);
    })();
    await withTimeout(done, 10_000, `${c.id} stream`);
  } finally {
    await llm.close();
  }
  return { events, llm };
}

function last(events: StreamEvent[]) {
  const e = events.at(-1);
  assert(e, "no events");
  return e;
}

function doneMessage(events: StreamEvent[]) {
  const e = last(events);
  assert(e.type === "done", `expected done, got ${JSON.stringify(e)}`);
  return e.message;
}

function body(llm: FakeLlm, n = 0): Record<string, unknown> {
  const b = llm.requests[n].body;
  assert(typeof b === "object" && b !== null && !Array.isArray(b));
  return b as Record<string, unknown>;
}

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

const HISTORY: Message[] = [
  {
    role: "user",
    content: [{ type: "text", text: "look at this" }, {
      type: "image",
      mime_type: "image/png",
      data: PNG,
    }],
  },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Reading." },
      { type: "tool_call", id: "c1", name: "read", args: { path: "a" } },
      { type: "tool_call", id: "c2", name: "screenshot", args: {} },
    ],
  },
  {
    role: "tool",
    content: [
      {
        type: "tool_result",
        call_id: "c1",
        name: "read",
        is_error: false,
        content: [{ type: "text", text: "file body" }],
      },
      {
        type: "tool_result",
        call_id: "c2",
        name: "screenshot",
        is_error: true,
        content: [{ type: "text", text: "shot" }, {
          type: "image",
          mime_type: "image/png",
          data: PNG,
        }],
      },
    ],
  },
];

const TOOLS = [
  {
    name: "read",
    description: "Read a file",
    schema: { type: "object", properties: { path: { type: "string" } } },
  },
  { name: "screenshot", description: "Take one", schema: { type: "object", properties: {} } },
];

for (const c of CASES.filter((c) => c.id === "anthropic")) {
  Deno.test(`anthropic (${c.transport}): request carries system, tools, images and tool results`, async () => {
    const { llm } = await run(c, [{ text: "ok" }], { messages: HISTORY, tools: TOOLS });
    const b = body(llm);
    assertEquals(b.system, [{
      type: "text",
      text: "You are a test.",
      cache_control: { type: "ephemeral" },
    }]);
    assertEquals(b.tools, [
      { name: "read", description: "Read a file", input_schema: TOOLS[0].schema },
      {
        name: "screenshot",
        description: "Take one",
        input_schema: TOOLS[1].schema,
        cache_control: { type: "ephemeral" },
      },
    ]);
    assertEquals(b.messages, [
      {
        role: "user",
        content: [
          { type: "text", text: "look at this" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Reading." },
          { type: "tool_use", id: "c1", name: "read", input: { path: "a" } },
          { type: "tool_use", id: "c2", name: "screenshot", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "c1",
            content: [{ type: "text", text: "file body" }],
          },
          {
            type: "tool_result",
            tool_use_id: "c2",
            is_error: true,
            content: [
              { type: "text", text: "shot" },
              { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
            ],
            cache_control: { type: "ephemeral" },
          },
        ],
      },
    ]);
    assert(typeof b.max_tokens === "number" && b.max_tokens > 0);
  });

  Deno.test(`anthropic (${c.transport}): an empty system prompt is omitted`, async () => {
    const { llm } = await run(c, [{ text: "ok" }], { system: "" });
    assert(!("system" in body(llm)));
    assert(!("tools" in body(llm)));
  });
}

for (const c of CASES.filter((c) => c.id === "openai")) {
  Deno.test(`openai (${c.transport}): request carries system, tools, images, tool messages and the image mirror`, async () => {
    const { llm } = await run(c, [{ text: "ok" }], {
      messages: HISTORY,
      tools: TOOLS,
      maxTokens: 100,
    });
    const b = body(llm);
    assertEquals(b.stream_options, { include_usage: true });
    assertEquals(b.max_tokens, 100);
    assertEquals(
      b.tools,
      TOOLS.map((t) => ({
        type: "function",
        function: { name: t.name, description: t.description, parameters: t.schema },
      })),
    );
    const image = { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } };
    assertEquals(b.messages, [
      { role: "system", content: "You are a test." },
      { role: "user", content: [{ type: "text", text: "look at this" }, image] },
      {
        role: "assistant",
        content: "Reading.",
        tool_calls: [
          { id: "c1", type: "function", function: { name: "read", arguments: '{"path":"a"}' } },
          { id: "c2", type: "function", function: { name: "screenshot", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "file body" },
      { role: "tool", tool_call_id: "c2", content: "shot" },
      {
        role: "user",
        content: [{ type: "text", text: 'Image output of tool "screenshot" (call c2):' }, image],
      },
    ]);
  });

  Deno.test(`openai (${c.transport}): an empty system prompt sends no system message`, async () => {
    const { llm } = await run(c, [{ text: "ok" }], { system: "" });
    assertEquals(body(llm).messages, [{ role: "user", content: "hi" }]);
  });
}
