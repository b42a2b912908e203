/**
 * The provider contract, request side: what each API receives (system
 * prompt placement, tool specs, images, tool results) for every transport.
 */

import type { Message } from "../../src/model/types.ts";
import { assert, assertEquals } from "../helpers/assert.ts";
import { body, CASES, PNG, run } from "./contract_cases.ts";

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
