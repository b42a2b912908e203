import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { deferred, until, withTimeout } from "../../helpers/wait.ts";
import type {
  ExternalCallOptions,
  ToolCaller,
  ToolContext,
  ToolResult,
} from "../../../src/model/types.ts";
import type { HostToolResultFrame, JsonObject } from "../../../src/protocol/frames.ts";
import { fake, type FakeChannel, hostWith } from "./fake_channel.ts";

interface Call {
  name: string;
  args: JsonObject;
  options: ExternalCallOptions;
}

/** A ToolCaller answering `text` (or running `run`) and recording calls. */
function recordingCaller(
  run?: (call: Call) => Promise<ToolResult>,
): ToolCaller & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    callTool(name, args, options) {
      const call = { name, args, options };
      calls.push(call);
      return run
        ? run(call)
        : Promise.resolve({ content: [{ type: "text", text: `ran ${name}` }] });
    },
  };
}

function ctx(signal = new AbortController().signal): ToolContext {
  return { cwd: "/work", signal, callId: "c1", chain: [], interactive: false };
}

/** Wait for the host's reply to call_tool `id`. */
function replyTo(f: FakeChannel, id: string): Promise<HostToolResultFrame> {
  const done = deferred<HostToolResultFrame>();
  const previous = f.responder;
  f.responder = (frame, self) => {
    previous?.(frame, self);
    if (frame.type === "tool_result" && frame.id === id) done.resolve(frame);
  };
  const already = f.frames("tool_result").find((r) => r.id === id);
  if (already) done.resolve(already);
  return withTimeout(done.promise, 2000, `tool_result ${id}`);
}

function text(frame: HostToolResultFrame): string {
  return frame.content.map((b) => b.type === "text" ? b.text : "").join("");
}

async function setup(capabilities = ["call_tool"], caller?: ToolCaller) {
  const ext = fake("caller", [{ type: "register_tool", name: "ask" }], { capabilities });
  const host = await hostWith([ext], { toolCaller: caller });
  return { ext, host };
}

Deno.test("call_tool without the capability is refused and the caller never runs", async () => {
  const caller = recordingCaller();
  const { ext, host } = await setup([], caller);
  ext.push({ type: "call_tool", id: "r1", name: "read", args: {} });
  const reply = await replyTo(ext, "r1");
  assertEquals(reply, {
    type: "tool_result",
    id: "r1",
    name: "read",
    content: [{ type: "text", text: "extension did not opt in to call_tool" }],
    is_error: true,
  });
  assertEquals(caller.calls, []);
  await host.stop();
});

Deno.test("call_tool dispatches with origin and chain, and replies with the result", async () => {
  const caller = recordingCaller();
  const { ext, host } = await setup(["call_tool"], caller);
  ext.push({ type: "call_tool", id: "r1", name: "read", args: { path: "a" } });
  const reply = await replyTo(ext, "r1");
  assertEquals(reply, {
    type: "tool_result",
    id: "r1",
    name: "read",
    content: [{ type: "text", text: "ran read" }],
    is_error: false,
  });
  assertEquals(caller.calls.map((c) => [c.name, c.args, c.options.origin, c.options.chain]), [
    ["read", { path: "a" }, "caller", ["read"]],
  ]);
  await host.stop();
});

Deno.test("refusals: unknown parent, parent required, bad args, no caller", async () => {
  const { ext, host } = await setup(["call_tool"]);
  ext.push({ type: "call_tool", id: "r0", name: "read", args: {} });
  assertEquals(text(await replyTo(ext, "r0")), "host tool calls are unavailable");
  host.setToolCaller(recordingCaller());
  ext.push({ type: "call_tool", id: "r1", name: "read", args: {}, parent_id: "nope" });
  assertEquals(text(await replyTo(ext, "r1")), "unknown or expired parent tool call");
  ext.pushLine({ type: "call_tool", id: "r2", name: "read", args: [1] });
  assertEquals(text(await replyTo(ext, "r2")), "call_tool requires a name and JSON object args");
  ext.push({ type: "call_tool", id: "r3", name: "", args: {} });
  assertEquals(text(await replyTo(ext, "r3")), "call_tool requires a name and JSON object args");
  // While a host-invoked tool call is pending, parent_id is required.
  const pending = host.tools()[0].execute({}, ctx());
  ext.push({ type: "call_tool", id: "r4", name: "read", args: {} });
  assertEquals(
    text(await replyTo(ext, "r4")),
    "parent_id is required while an extension tool is active",
  );
  ext.push({
    type: "tool_result",
    id: ext.frames("tool_call")[0].id,
    content: [{ type: "text", text: "done" }],
  });
  await pending;
  await host.stop();
});

Deno.test("nested call across host and extension: cycle, chain, completion (TestNestedCallAcrossHostAndExtension)", async () => {
  const caller = recordingCaller((call) =>
    Promise.resolve({ content: [{ type: "text", text: call.name === "read" ? "loaded" : "?" }] })
  );
  const { ext, host } = await setup(["call_tool"], caller);
  const root = host.tools()[0].execute({}, ctx());
  const parent = ext.frames("tool_call")[0].id;
  ext.push({ type: "call_tool", id: "n1", name: "ask", args: {}, parent_id: parent });
  assertEquals(text(await replyTo(ext, "n1")), "tool call cycle detected");
  ext.push({ type: "call_tool", id: "n2", name: "read", args: {}, parent_id: parent });
  assertEquals(text(await replyTo(ext, "n2")), "loaded");
  assertEquals(caller.calls[0].options.chain, ["ask", "read"]);
  ext.push({ type: "tool_result", id: parent, content: [{ type: "text", text: "done" }] });
  assertEquals((await root).content, [{ type: "text", text: "done" }]);
  await host.stop();
});

Deno.test("depth limit: a chain of four cannot grow", async () => {
  const { ext, host } = await setup(["call_tool"], recordingCaller());
  const t = host.tools()[0];
  const root = t.execute({}, { ...ctx(), chain: ["a", "b", "c", "ask"] });
  const parent = ext.frames("tool_call")[0].id;
  ext.push({ type: "call_tool", id: "d1", name: "read", args: {}, parent_id: parent });
  assertEquals(text(await replyTo(ext, "d1")), "tool call depth limit reached");
  ext.push({ type: "tool_result", id: parent, content: [] });
  await root;
  await host.stop();
});

Deno.test("call_tool_cancel and parent cancellation end the request with canceled", async () => {
  const started = deferred<AbortSignal>();
  const caller = recordingCaller((call) => {
    started.resolve(call.options.signal);
    return new Promise(() => {}); // never settles: the host must still reply
  });
  const { ext, host } = await setup(["call_tool"], caller);
  ext.push({ type: "call_tool", id: "c1", name: "read", args: {} });
  await started.promise;
  ext.push({ type: "call_tool_cancel", id: "c1" });
  const reply = await replyTo(ext, "c1");
  assertEquals(reply.is_error, true);
  assertStringIncludes(text(reply), "canceled");

  const parentAbort = new AbortController();
  const root = host.tools()[0].execute({}, ctx(parentAbort.signal));
  const parent = ext.frames("tool_call")[0].id;
  ext.push({ type: "call_tool", id: "c2", name: "read", args: {}, parent_id: parent });
  parentAbort.abort();
  assertStringIncludes(text(await replyTo(ext, "c2")), "canceled");
  assertEquals((await root).outcome, "cancelled");
  await host.stop();
});

Deno.test("the 60 s deadline (shortened) ends a call_tool with deadline exceeded", async () => {
  const caller = recordingCaller(() => new Promise(() => {}));
  const ext = fake("caller", [], { capabilities: ["call_tool"] });
  const host = await hostWith([ext], { toolCaller: caller, timeouts: { callToolMs: 15 } });
  ext.push({ type: "call_tool", id: "t1", name: "read", args: {} });
  assertEquals(text(await replyTo(ext, "t1")), "context deadline exceeded");
  await host.stop();
});

Deno.test("a duplicate in-flight id is ignored; results are bounded; caller errors become error results", async () => {
  const gate = deferred<ToolResult>();
  let n = 0;
  const caller = recordingCaller(() => {
    n++;
    if (n === 1) return gate.promise;
    if (n === 2) return Promise.reject(new Error('unknown tool "zzz"'));
    return Promise.resolve({ content: [{ type: "text", text: "y".repeat(300 * 1024) }] });
  });
  const { ext, host } = await setup(["call_tool"], caller);
  ext.push({ type: "call_tool", id: "same", name: "read", args: {} });
  ext.push({ type: "call_tool", id: "same", name: "read", args: {} });
  // Calls start once paced (asynchronously); the duplicate was dropped on arrival.
  await until(() => caller.calls.length > 0, 2_000, "the first call to start");
  assertEquals(caller.calls.length, 1);
  gate.resolve({ content: [{ type: "text", text: "one" }] });
  assertEquals(text(await replyTo(ext, "same")), "one");
  ext.push({ type: "call_tool", id: "e", name: "zzz", args: {} });
  const err = await replyTo(ext, "e");
  assertEquals([err.is_error, text(err)], [true, 'unknown tool "zzz"']);
  ext.push({ type: "call_tool", id: "big", name: "read", args: {} });
  const big = await replyTo(ext, "big");
  assertEquals([big.truncated, text(big).length], [true, 256 * 1024]);
  await host.stop();
});

Deno.test("disconnect cancels the extension's in-flight call_tool requests", async () => {
  const started = deferred<AbortSignal>();
  const caller = recordingCaller((call) => {
    started.resolve(call.options.signal);
    return new Promise(() => {});
  });
  const { ext, host } = await setup(["call_tool"], caller);
  ext.push({ type: "call_tool", id: "x", name: "read", args: {} });
  const signal = await started.promise;
  ext.close();
  await ext.closed;
  assertEquals(signal.aborted, true);
  await host.stop();
});

Deno.test("call_tool pacing: at most 8 requests of one extension run at once; the rest wait in order", async () => {
  const gates: PromiseWithResolvers<ToolResult>[] = [];
  let open = false;
  const caller = recordingCaller(() => {
    if (open) return Promise.resolve({ content: [] });
    const gate = deferred<ToolResult>();
    gates.push(gate);
    return gate.promise;
  });
  const { ext, host } = await setup(["call_tool"], caller);
  for (let i = 0; i < 20; i++) {
    ext.push({ type: "call_tool", id: `q${i}`, name: "read", args: { i } });
  }
  await until(() => caller.calls.length === 8, 2_000, "eight calls to start");
  // Cancelled while waiting: answered without running, ahead of the queue.
  ext.push({ type: "call_tool_cancel", id: "q15" });
  assertEquals(text(await replyTo(ext, "q15")), "context canceled");
  assertEquals(caller.calls.length, 8);
  gates[0].resolve({ content: [{ type: "text", text: "done 0" }] });
  assertEquals(text(await replyTo(ext, "q0")), "done 0");
  await until(() => caller.calls.length === 9, 2_000, "the ninth call to start");
  assertEquals(caller.calls.map((c) => c.args.i), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  open = true;
  for (const gate of gates) gate.resolve({ content: [] });
  await until(() => caller.calls.length === 19, 2_000, "every other call to start");
  await replyTo(ext, "q19");
  await host.stop();
});
