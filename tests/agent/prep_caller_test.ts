import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { deferred, withTimeout } from "../helpers/wait.ts";
import { echoTool, recordingHooks, reply } from "./fakes.ts";
import { testAgent } from "./helpers.ts";
import type { BeforeAgentStart } from "../../src/agent/hooks.ts";
import { AgentToolCaller } from "../../src/agent/tool_caller.ts";
import type { Confirmer } from "../../src/agent/confirm.ts";
import { toolPreview } from "../../src/agent/confirm.ts";

Deno.test("before_agent_start runs once per pass and reaches the provider", async () => {
  const seen: BeforeAgentStart[] = [];
  const hooks = recordingHooks({
    hasInterceptor: (e) => e === "before_agent_start",
    beforeAgentStart: (input) => {
      seen.push(input);
      return Promise.resolve(`${input.systemPrompt} + ext ${seen.length}`);
    },
  });
  const t = await testAgent([
    () => reply("", [{ id: "1", name: "echo", args: {} }]),
    () => reply("one"),
    () => reply("two"),
    () => reply("three"),
  ], { hooks, tools: [echoTool()] });
  await t.agent.prompt("a");
  await t.agent.prompt("b");
  assertEquals(seen.length, 1);
  assertEquals(t.provider.requests.map((r) => r.system), [
    "base prompt + ext 1",
    "base prompt + ext 1",
    "base prompt + ext 1",
  ]);
  assertEquals([seen[0].provider, seen[0].model, seen[0].cwd], ["anthropic", "m", "/proj"]);
  t.agent.setModel("m2");
  await t.agent.prompt("c");
  assertEquals(seen.length, 2);
  // Every pass starts from the unmodified base prompt with a new run id.
  assertEquals(seen[1].systemPrompt, "base prompt");
  assert(seen[0].agentRunId !== seen[1].agentRunId);
  assertEquals(t.provider.requests[3].system, "base prompt + ext 2");
});

Deno.test("an invalidation while a pass waits discards it and re-runs", async () => {
  const gates = [deferred<string>(), deferred<string>()];
  let calls = 0;
  const hooks = recordingHooks({
    hasInterceptor: (e) => e === "before_agent_start",
    beforeAgentStart: () => gates[calls++].promise,
  });
  const t = await testAgent([() => reply("ok")], { hooks });
  const run = t.agent.prompt("go");
  await withTimeout(
    (async () => {
      while (calls < 1) await Promise.resolve();
    })(),
    1000,
    "first pass",
  );
  t.agent.invalidateSystemPrompt();
  gates[0].resolve("stale");
  await withTimeout(
    (async () => {
      while (calls < 2) await new Promise((r) => setTimeout(r, 0));
    })(),
    1000,
    "second pass",
  );
  gates[1].resolve("fresh");
  await run;
  assertEquals(t.provider.requests[0].system, "fresh");
});

Deno.test("ToolCaller: ext-call ids, origin on events, guards, no transcript", async () => {
  const tool = echoTool("read");
  const origins: (string | undefined)[] = [];
  const hooks = recordingHooks({
    interceptToolCall: (call) => {
      origins.push(call.origin);
      return Promise.resolve(
        call.args.deny ? { block: true, reason: "no way" } : { block: false, args: call.args },
      );
    },
  });
  const t = await testAgent([], { hooks, tools: [tool] });
  const caller = new AgentToolCaller(() => t.agent.toolEnv());
  const signal = new AbortController().signal;
  const ok = await caller.callTool("read", { path: "x" }, {
    origin: "caller",
    signal,
    chain: ["ask"],
  });
  assertEquals(ok.isError, undefined);
  const denied = await caller.callTool("read", { deny: true }, {
    origin: "caller",
    signal,
    chain: [],
  });
  assertEquals([denied.isError, denied.content], [true, [{ type: "text", text: "no way" }]]);
  const unknown = await caller.callTool("nope", {}, { origin: "caller", signal, chain: [] });
  assertStringIncludes(JSON.stringify(unknown.content), "unknown tool");
  assertEquals(origins, ["caller", "caller"]);
  assertEquals(tool.calls, [{ path: "x" }]);
  assertEquals(t.agent.messages, []);
  const ids = hooks.events.filter((e) => e.event === "tool_result").map((e) =>
    e.event === "tool_result" && e.tool_id
  );
  assertEquals(ids, ["ext-call-1", "ext-call-2", "ext-call-3"]);
  assert(
    hooks.events.every((e) =>
      !("tool_id" in e) || ("origin_extension" in e && e.origin_extension === "caller")
    ),
  );
  const none = new AgentToolCaller(() => undefined);
  const r = await none.callTool("read", {}, { origin: "x", signal, chain: [] });
  assertEquals(r.content, [{ type: "text", text: "no active agent" }]);
});

Deno.test("a confirmer prompts with a preview; remembered approvals and denials", async () => {
  const asked: string[] = [];
  let remember = false;
  const confirmer: Confirmer = {
    known: () => (remember ? { approved: true, source: "remembered" } : undefined),
    ask: (req) => {
      asked.push(req.preview);
      remember = true;
      return Promise.resolve(
        req.args.command === "ls"
          ? { approved: true, source: "user" }
          : { approved: false, source: "user" },
      );
    },
  };
  const tool = echoTool("bash");
  const t = await testAgent([
    () =>
      reply("", [{ id: "1", name: "bash", args: { command: "ls" } }, {
        id: "2",
        name: "bash",
        args: { command: "rm" },
      }]),
    () => reply("done"),
  ], { tools: [tool], confirmer, interactive: true });
  await t.agent.prompt("go");
  assertEquals(asked, ["ls"]);
  assertEquals(t.hooks.names().filter((n) => n === "tool_confirmation_requested").length, 1);
  const perms = t.hooks.events.filter((e) => e.event === "permission_decision")
    .map((e) => e.event === "permission_decision" && [e.decision, e.source]);
  assertEquals(perms, [["approved", "user"], ["approved", "remembered"]]);
  assertEquals(tool.calls.length, 2);
});

Deno.test("a user denial blocks with source user", async () => {
  const confirmer: Confirmer = {
    known: () => undefined,
    ask: () => Promise.resolve({ approved: false, source: "user", reason: "user declined" }),
  };
  const tool = echoTool("bash");
  const t = await testAgent([
    () => reply("", [{ id: "1", name: "bash", args: { command: "ls" } }]),
    () => reply("k"),
  ], {
    tools: [tool],
    confirmer,
  });
  await t.agent.prompt("go");
  const names = t.hooks.names();
  assert(names.indexOf("tool_confirmation_requested") < names.indexOf("permission_decision"));
  const r = t.hooks.events.find((e) => e.event === "tool_result");
  assertEquals(r?.event === "tool_result" && [r.status, r.executed], ["blocked", false]);
  assertEquals(tool.calls, []);
});

Deno.test("tool previews pick a telling arg and stay within 120 characters", () => {
  assertEquals(toolPreview({ path: "a.ts", command: "ls -la" }), "ls -la");
  assertEquals(toolPreview({ x: 1 }), '{"x":1}');
  const long = toolPreview({ command: "y".repeat(500) });
  assertEquals([...long].length, 120);
});
