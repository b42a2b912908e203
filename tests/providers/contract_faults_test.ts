/**
 * The provider contract under real API misbehaviour, for every provider and
 * transport: streams cut off before their end marker, in-stream error
 * events, a stream that stops inside a tool call's arguments. Retried while
 * nothing was streamed; otherwise an error that keeps the caller's partial
 * text and never yields a half-streamed tool call.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import type { StreamEvent } from "../../src/providers/types.ts";
import { CASES, doneMessage, last, run } from "./contract_cases.ts";

for (const c of CASES) {
  Deno.test(`${c.id} (${c.transport}): a stream cut off before any output is retried`, async () => {
    const { events, llm } = await run(c, [{ text: "lost", cutAfter: 1 }, { text: "second try" }]);
    assertEquals(events[0].type, "retry");
    assert(events[0].type === "retry");
    assertStringIncludes(events[0].error, "ended before the reply was complete");
    assertEquals(doneMessage(events).content, [{ type: "text", text: "second try" }]);
    assertEquals(llm.requests.length, 2);
  });

  Deno.test(`${c.id} (${c.transport}): a stream cut off mid-reply ends in an error, not a retry`, async () => {
    const { events, llm } = await run(c, [{ text: "Hello there", cutAfter: 4 }, { text: "no" }]);
    assert(events.some((e) => e.type === "text_delta"));
    const e = last(events);
    assert(e.type === "error");
    assertStringIncludes(e.message, `${c.id === "openai" ? "OpenAI" : "Anthropic"} API error`);
    assertStringIncludes(e.message, "ended before the reply was complete");
    assertEquals(llm.requests.length, 1);
  });

  Deno.test(`${c.id} (${c.transport}): a stream stopping inside tool arguments yields no tool call`, async () => {
    const args = { command: "echo a long enough command to span many pieces" };
    const { events } = await run(c, [{ toolCalls: [{ name: "bash", args }], cutAfter: 5 }]);
    assertEquals(events.filter((e) => e.type === "tool_call"), []);
    assertEquals(last(events).type, "error");
  });

  Deno.test(`${c.id} (${c.transport}): an in-stream overload or server error before output is retried`, async () => {
    const type = c.id === "openai" ? "server_error" : "overloaded_error";
    const { events, llm } = await run(c, [
      { text: "lost", streamError: { type, message: "Busy right now" } },
      { text: "recovered" },
    ]);
    assertEquals(events[0].type, "retry");
    assert(events[0].type === "retry");
    assertStringIncludes(events[0].error, "Busy right now");
    assertEquals(doneMessage(events).content, [{ type: "text", text: "recovered" }]);
    assertEquals(llm.requests.length, 2);
  });

  Deno.test(`${c.id} (${c.transport}): an in-stream error after output ends the reply with its message`, async () => {
    const { events } = await run(c, [
      { text: "Hello there", streamError: { message: "Overloaded mid-reply", after: 4 } },
      { text: "no" },
    ]);
    assert(events.some((e) => e.type === "text_delta"));
    const e = last(events);
    assert(e.type === "error");
    assertStringIncludes(e.message, "Overloaded mid-reply");
  });
}

for (const c of CASES) {
  Deno.test(`${c.id} (${c.transport}): a 4 MB reply arrives whole`, async () => {
    const text = "0123456789abcdef".repeat(256 * 1024);
    const { events } = await run(c, [{ text, chunkSize: 8192 }]);
    assertEquals(doneMessage(events).content, [{ type: "text", text }]);
  });

  Deno.test(`${c.id} (${c.transport}): tool arguments in one-character deltas, non-ASCII included`, async () => {
    const args = { command: "echo 'grüße 😀'", timeout: 5 };
    const { events } = await run(c, [{ toolCalls: [{ name: "bash", args }], chunkSize: 1 }]);
    const calls = events.filter((e) => e.type === "tool_call");
    assertEquals(calls.map((e) => e.type === "tool_call" && e.args), [args]);
  });
}

for (const c of CASES.filter((c) => c.id === "openai")) {
  const calls = [
    { name: "read", args: { path: "a.txt" } },
    { name: "bash", args: { command: "echo two" } },
    { name: "read", args: { path: "b.txt" } },
  ];
  const expected = calls.map((call) => ({ name: call.name, args: call.args }));
  const made = (events: StreamEvent[]) =>
    events.flatMap((e) => e.type === "tool_call" ? [{ name: e.name, args: e.args }] : []);

  Deno.test(`openai (${c.transport}): parallel calls that all say index 0 stay apart`, async () => {
    const { events } = await run(c, [{
      toolCalls: calls,
      chunkSize: 3,
      quirks: { sameToolIndex: true },
    }]);
    assertEquals(made(events), expected);
    assertEquals(doneMessage(events).stop, "tool_use");
  });

  Deno.test(`openai (${c.transport}): an id and name repeated on every delta are not appended`, async () => {
    const { events } = await run(c, [{
      toolCalls: calls,
      chunkSize: 3,
      quirks: { repeatToolHeader: true },
    }]);
    assertEquals(made(events), expected);
  });
}
