import { RequestError } from "../../../src/extensions/channel.ts";
import { nextRequestId } from "../../../src/extensions/ids.ts";
import type { ToolCallFrame } from "../../../src/protocol/frames.ts";
import {
  assert,
  assertEquals,
  assertNotEquals,
  assertRejects,
  assertStringIncludes,
} from "../../helpers/assert.ts";
import { within, withTimeout } from "../../helpers/wait.ts";
import { collect, harness } from "./_helpers.ts";

function toolCall(name: string, text = ""): ToolCallFrame {
  return { type: "tool_call", id: nextRequestId(), name, args: { text } };
}

// Call this where the request is made, not later: it attaches the rejection handler at once, so a
// request settled while the test awaits something else is never an unhandled rejection.
async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  const error = await assertRejects(() => promise);
  assert(error instanceof RequestError, `expected a RequestError, got ${error}`);
  return error;
}

for (const dir of ["echo-py", "echo-node", "echo-deno"]) {
  Deno.test(`request: ${dir} answers 100 concurrent tool calls by id`, async () => {
    await using h = await harness();
    const channel = await h.start(dir);
    await withTimeout(channel.ready, 10_000, "ready");
    const texts = Array.from({ length: 100 }, (_, i) => `text ${i}`);
    const replies = await withTimeout(
      Promise.all(texts.map((t) => channel.request(toolCall("echo", t), { timeoutMs: 10_000 }))),
      20_000,
      "100 replies",
    );
    assertEquals(
      replies.map((r) => r.type === "tool_result" && r.content?.[0]),
      texts.map((text) => ({ type: "text", text })),
    );
    assertEquals(channel.counters.lateReplies, 0);
  });
}

Deno.test("request: ids are decimal strings unique across the process", () => {
  const a = nextRequestId();
  const b = nextRequestId();
  assert(/^\d+$/.test(a) && /^\d+$/.test(b));
  assertNotEquals(a, b);
});

Deno.test("request: a reply deadline rejects with timeout and a later call still works", async () => {
  await using h = await harness();
  const channel = await h.start("echo-py");
  const error = await within(
    10_000,
    rejection(channel.request(toolCall("hang"), { timeoutMs: 50 })),
    "the request should reject at its 50 ms timeout",
  );
  assertEquals(error.kind, "timeout");
  const reply = await channel.request(toolCall("echo", "after"), { timeoutMs: 10_000 });
  assert(reply.type === "tool_result");
  assertEquals(reply.content, [{ type: "text", text: "after" }]);
  assert(!channel.isClosed);
});

Deno.test("request: an abort signal cancels the wait", async () => {
  await using h = await harness();
  const channel = await h.start("echo-py");
  const abort = new AbortController();
  const pending = rejection(channel.request(toolCall("hang"), { signal: abort.signal }));
  abort.abort();
  assertEquals(
    (await within(10_000, pending, "the aborted request should reject")).kind,
    "cancelled",
  );
  const already = channel.request(toolCall("echo"), { signal: AbortSignal.abort() });
  assertEquals((await rejection(already)).kind, "cancelled");
  assert(!channel.isClosed);
});

Deno.test("request: a crash mid-request fails it at once as disconnected", async () => {
  await using h = await harness();
  const channel = await h.start("echo-py");
  const hanging = rejection(channel.request(toolCall("hang")));
  const crashing = rejection(channel.request(toolCall("crash")));
  for (const pending of [hanging, crashing]) {
    const error = await withTimeout(pending, 10_000, "disconnect");
    assertEquals(error.kind, "disconnected");
    assertEquals(error.message, "extension echo-py disconnected");
  }
  const info = await channel.closed;
  assertEquals(info, { reason: "exited with status 3", code: 3 });
  assertEquals((await rejection(channel.request(toolCall("echo")))).kind, "disconnected");
  assertEquals(channel.send({ type: "shutdown" }), false);
});

Deno.test("request: stop settles pending requests", async () => {
  await using h = await harness();
  const channel = await h.start("echo-node");
  const pending = rejection(channel.request(toolCall("hang")));
  await within(10_000, channel.stop(Date.now() + 2_000), "stop should end within its 2 s grace");
  assertEquals(
    (await within(1_000, pending, "stop should settle the request")).kind,
    "disconnected",
  );
});

Deno.test("request: an abandoned request's reply is counted late and passed on", async () => {
  await using h = await harness();
  const channel = await h.start("echo-py");
  const frames = collect(channel);
  const call = toolCall("echo", "late");
  void channel.request(call).catch(() => {});
  channel.abandon(call.id);
  const late = await withTimeout(
    frames.next((f) => f.type === "tool_result" && f.id === call.id),
    10_000,
    "late reply",
  );
  assert(late.type === "tool_result");
  assertEquals(channel.counters.lateReplies, 1);
});

Deno.test("request: frames sent before stop reach the extension before shutdown", async () => {
  await using h = await harness();
  const channel = await h.start("echo-py");
  const frames = collect(channel);
  const calls = Array.from({ length: 10 }, (_, i) => toolCall("echo", String(i)));
  for (const call of calls) assert(channel.send(call));
  await channel.stop(Date.now() + 5_000);
  const results = frames.frames.filter((f) => f.type === "tool_result");
  assertEquals(results.map((f) => f.type === "tool_result" && f.id), calls.map((c) => c.id));
  assertEquals(channel.counters.lateReplies, 10);
  assertStringIncludes((await channel.closed).reason, "stopped");
});
