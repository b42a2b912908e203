import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { withTimeout } from "../helpers/wait.ts";
import { echoTool, recordingHooks, reply } from "./fakes.ts";
import { testAgent } from "./helpers.ts";
import { ToolRegistry } from "../../src/agent/tool_registry.ts";
import type { LifecycleEvent } from "../../src/protocol/events.ts";
import type { Tool } from "../../src/model/types.ts";
import { textContent } from "../../src/protocol/content.ts";

const call = (name: string, args = {}, id = "c1") => ({ id, name, args });

function resultEvent(events: LifecycleEvent[]) {
  const e = events.find((x) => x.event === "tool_result");
  assert(e && e.event === "tool_result");
  return e;
}

Deno.test("a tool step emits lifecycle events in spec order", async () => {
  const tool = echoTool();
  const t = await testAgent([() => reply("", [call("echo", { a: 1 })]), () => reply("all done")], {
    tools: [tool],
  });
  const result = await t.agent.prompt("hi");
  assertEquals(result.text, "all done");
  assertEquals(t.hooks.names(), [
    "session_start",
    "user_prompt_submit",
    "turn_start",
    "tool_call",
    "turn_end",
    "permission_decision",
    "tool_result",
    "turn_start",
    "assistant_message",
    "turn_end",
  ]);
  const r = resultEvent(t.hooks.events);
  assertEquals([r.status, r.executed, r.tool_args], ["completed", true, { a: 1 }]);
  const perm = t.hooks.events.find((e) => e.event === "permission_decision");
  assertEquals(perm && perm.event === "permission_decision" && perm.source, "yolo");
  assertEquals(t.events.map((e) => e.type), [
    "user_message",
    "turn_start",
    "assistant_start",
    "assistant_message",
    "tool_call",
    "turn_end",
    "tool_result",
    "turn_start",
    "assistant_start",
    "text_delta",
    "assistant_message",
    "turn_end",
    "done",
  ]);
  // The second request carries the tool result, and the transcript is complete.
  assertEquals(t.provider.requests[1].messages.map((m) => m.role), ["user", "assistant", "tool"]);
  assertEquals(t.agent.messages.map((m) => m.role), ["user", "assistant", "tool", "assistant"]);
  assertEquals(t.provider.requests[0].system, "base prompt");
});

Deno.test("a blocked tool call is refused with the reason and never runs", async () => {
  const tool = echoTool();
  const hooks = recordingHooks({
    interceptToolCall: () => Promise.resolve({ block: true, reason: "guard refused: rm -rf" }),
  });
  const t = await testAgent(
    [() => reply("", [call("echo", { c: "rm -rf /" })]), () => reply("ok")],
    {
      tools: [tool],
      hooks,
    },
  );
  await t.agent.prompt("go");
  assertEquals(tool.calls, []);
  const r = resultEvent(hooks.events);
  assertEquals([r.status, r.executed, r.result.is_error], ["blocked", false, true]);
  const toolMsg = t.provider.requests[1].messages[2];
  assert(toolMsg.role === "tool");
  assertEquals(toolMsg.content[0].is_error, true);
  assertEquals(toolMsg.content[0].content, textContent("guard refused: rm -rf"));
});

Deno.test("rewritten args reach the tool and the tool_result event, not the transcript", async () => {
  const tool = echoTool();
  const hooks = recordingHooks({
    interceptToolCall: () => Promise.resolve({ block: false, args: { effective: true } }),
  });
  const t = await testAgent([() => reply("", [call("echo", { original: 1 })]), () => reply("ok")], {
    tools: [tool],
    hooks,
  });
  await t.agent.prompt("go");
  assertEquals(tool.calls, [{ effective: true }]);
  assertEquals(resultEvent(hooks.events).tool_args, { effective: true });
  const te = hooks.events.find((e) => e.event === "tool_call");
  assertEquals(te && te.event === "tool_call" && te.tool_args, { original: 1 });
  const assistant = t.agent.messages[1];
  assert(assistant.role === "assistant" && assistant.content[0].type === "tool_call");
  assertEquals(assistant.content[0].args, { original: 1 });
});

Deno.test("a blocked turn ends with turn_end error and the reason, before any model call", async () => {
  const hooks = recordingHooks({
    interceptTurnStart: () => Promise.resolve({ block: true, reason: "budget exhausted" }),
  });
  const t = await testAgent([() => reply("never")], { hooks });
  const result = await t.agent.prompt("go");
  assertEquals([result.stop, result.error], ["error", "budget exhausted"]);
  assertEquals(t.provider.requests.length, 0);
  assertEquals(hooks.events.at(-1), {
    event: "turn_end",
    stop: "error",
    error: "budget exhausted",
  });
  assertEquals(t.events.filter((e) => e.type === "error"), [{
    type: "error",
    message: "budget exhausted",
  }]);
});

Deno.test("replace_text changes what the user sees; the transcript keeps the original", async () => {
  const hooks = recordingHooks({
    interceptAssistantMessage: (text) =>
      Promise.resolve({ block: false, text: text.replace("SECRET", "[redacted]") }),
    hasInterceptor: (e) => e === "assistant_message",
  });
  const t = await testAgent([() => reply("the SECRET is 42")], { hooks });
  const result = await t.agent.prompt("go");
  assertEquals(result.text, "the [redacted] is 42");
  assertEquals(hooks.events.find((e) => e.event === "assistant_message"), {
    event: "assistant_message",
    text: "the [redacted] is 42",
  });
  // No delta leaked the original text.
  assertEquals(t.events.filter((e) => e.type === "text_delta"), []);
  const shown = t.events.find((e) => e.type === "assistant_message");
  assertEquals(shown?.type === "assistant_message" && shown.content, [{
    type: "text",
    text: "the [redacted] is 42",
  }]);
  const kept = t.agent.messages[1];
  assert(kept.role === "assistant");
  assertEquals(kept.content, [{ type: "text", text: "the SECRET is 42" }]);
});

Deno.test("a blocked assistant message is hidden but kept in the transcript", async () => {
  const hooks = recordingHooks({
    interceptAssistantMessage: () => Promise.resolve({ block: true, text: "" }),
    hasInterceptor: (e) => e === "assistant_message",
  });
  const t = await testAgent([() => reply("hidden words")], { hooks });
  const result = await t.agent.prompt("go");
  assertEquals(result.text, "");
  assertEquals(hooks.names().includes("assistant_message"), false);
  assertEquals(
    t.events.some((e) => e.type === "assistant_message" || e.type === "text_delta"),
    false,
  );
  assertEquals(t.agent.messages.length, 2);
});

Deno.test("tool specs: built-ins win, sorted by name, deferred hidden until activated", async () => {
  const builtin = echoTool("read");
  const extRead = echoTool("read", { source: "ext", description: "ext read" });
  const deferred = echoTool("weather", { deferred: true, source: "ext" });
  const activator: Tool = {
    ...echoTool("find_tools", { source: "ext" }),
    execute: () =>
      Promise.resolve({ content: textContent("found"), activateTools: ["weather", "nope"] }),
  };
  const registry = new ToolRegistry([builtin]);
  registry.setExtensionTools([extRead, deferred, activator, echoTool("alpha", { source: "ext" })]);
  const t = await testAgent([() => reply("", [call("find_tools")]), () => reply("done")], {
    registry,
  });
  await t.agent.prompt("go");
  assertEquals(t.provider.requests[0].tools.map((s) => s.name), ["alpha", "find_tools", "read"]);
  assertEquals(
    t.provider.requests[0].tools.find((s) => s.name === "read")?.description,
    builtin.description,
  );
  assertEquals(t.provider.requests[1].tools.map((s) => s.name), [
    "alpha",
    "find_tools",
    "read",
    "weather",
  ]);
  assertEquals(registry.shadowed(), [{ name: "read", source: "ext" }]);
});

Deno.test("unknown tools and unparsable args fail without running", async () => {
  const tool = echoTool();
  const t = await testAgent([
    () =>
      reply("", [call("missing", {}, "a"), { id: "b", name: "echo", args: {}, args_raw: "{bad" }]),
    () => reply("ok"),
  ], { tools: [tool] });
  await t.agent.prompt("go");
  const results = t.hooks.events.filter((e) => e.event === "tool_result");
  assertEquals(results.map((r) => r.event === "tool_result" && r.status), ["failed", "failed"]);
  const first = results[0];
  assert(first.event === "tool_result");
  assertStringIncludes(JSON.stringify(first.result), "unknown tool");
  const second = results[1];
  assert(second.event === "tool_result");
  assertEquals([second.tool_args, second.tool_args_raw], [undefined, "{bad"]);
  const tc = t.hooks.events.filter((e) => e.event === "tool_call")[1];
  assertEquals(tc.event === "tool_call" && tc.tool_args_raw, "{bad");
  assertEquals(tool.calls, []);
});

Deno.test("abort during a tool: pending calls end cancelled and still get tool_result", async () => {
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const slow: Tool = {
    ...echoTool("slow"),
    execute: (_args, ctx) =>
      new Promise((resolve) => {
        started();
        ctx.signal.addEventListener("abort", () =>
          resolve({ content: textContent("stopped"), isError: true, outcome: "cancelled" }));
      }),
  };
  const other = echoTool("other");
  const t = await testAgent([
    () => reply("", [call("slow", {}, "s1"), call("other", {}, "o1")]),
    () => reply("x"),
  ], {
    tools: [slow, other],
  });
  const run = t.agent.prompt("go");
  await withTimeout(running, 2000, "slow tool start");
  t.agent.abort();
  const result = await withTimeout(run, 2000, "run end");
  assertEquals(result.stop, "aborted");
  const statuses = t.hooks.events.filter((e) => e.event === "tool_result")
    .map((e) => e.event === "tool_result" && [e.tool_name, e.status, e.executed]);
  assertEquals(statuses, [["slow", "cancelled", true], ["other", "cancelled", false]]);
  assertEquals(other.calls, []);
  assertEquals(t.provider.requests.length, 1);
  assertEquals(t.agent.messages.at(-1)?.role, "tool");
});

Deno.test("abort mid-stream keeps partial text, drops partial calls; next request repairs nothing dangling", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const t = await testAgent([
    async function* (req) {
      yield { type: "text_delta", delta: "partial " };
      yield { type: "tool_call", id: "x", name: "echo", args: {} };
      release();
      await new Promise((r) => req.signal.addEventListener("abort", r));
      yield { type: "error", message: "aborted", aborted: true };
    },
    () => reply("second"),
  ], { tools: [echoTool()] });
  const run = t.agent.prompt("go");
  await withTimeout(gate, 2000, "stream start");
  t.agent.abort();
  const result = await run;
  assertEquals(result.stop, "aborted");
  assertEquals(t.agent.messages[1], {
    ...t.agent.messages[1],
    role: "assistant",
    content: [{ type: "text", text: "partial " }],
  });
  assertEquals(t.hooks.events.at(-1), { event: "turn_end", stop: "aborted", error: "aborted" });
  await t.agent.prompt("again");
  assertEquals(t.provider.requests[1].messages.map((m) => m.role), ["user", "assistant", "user"]);
});

Deno.test("--max-steps stops a tool loop", async () => {
  const t = await testAgent([
    () => reply("", [call("echo", {}, "1")]),
    () => reply("", [call("echo", {}, "2")]),
    () => reply("never"),
  ], { tools: [echoTool()], maxSteps: 2 });
  const result = await t.agent.prompt("go");
  assertEquals(result.steps, 2);
  assertStringIncludes(result.error ?? "", "--max-steps");
  assertEquals(t.provider.requests.length, 2);
});

Deno.test("provider retries end each attempt with turn_end; usage accumulates", async () => {
  const t = await testAgent([
    () => [
      { type: "retry", attempt: 1, delayMs: 0, error: "overloaded" },
      {
        type: "usage",
        usage: { input: 3, output: 2, cache_read: 0, cache_write: 0, cost_usd: 0.5 },
      },
      ...reply("fine"),
    ],
  ]);
  await t.agent.prompt("go");
  assertEquals(t.hooks.names().filter((n) => n === "turn_end").length, 2);
  assertEquals(t.hooks.events.find((e) => e.event === "turn_end"), {
    event: "turn_end",
    stop: "error",
    error: "overloaded",
  });
  assertEquals(t.agent.usage.input, 3);
  const u = t.events.find((e) => e.type === "usage");
  assertEquals(u?.type === "usage" && u.cumulative.cost_usd, 0.5);
});

Deno.test("a model error ends the run with an error event", async () => {
  const t = await testAgent([
    () => [{ type: "error", message: "401 invalid api key", status: 401 }],
  ]);
  const result = await t.agent.prompt("go");
  assertEquals([result.stop, result.error], ["error", "401 invalid api key"]);
  assertEquals(t.events.slice(-2), [{ type: "error", message: "401 invalid api key" }, {
    type: "done",
  }]);
  assertEquals(t.agent.messages.length, 1);
});
