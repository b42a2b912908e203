import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { within, withTimeout } from "../helpers/wait.ts";
import { ALL_EVENTS, e2e, eventsOf } from "./e2e_harness.ts";
import { Session } from "../../src/agent/session.ts";

type Body = {
  system?: { text: string }[];
  tools?: { name: string }[];
  messages: { role: string; content: unknown }[];
};
const bodyOf = (b: unknown) => b as Body;

function firstOccurrences(names: string[]): string[] {
  return names.filter((n, i) => names.indexOf(n) === i);
}

Deno.test("a real subscriber sees one tool step in spec order with envelopes", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "ext_echo", args: { x: 1 } }] }, { text: "done" }],
    { events: ALL_EVENTS, tools: [{ name: "ext_echo" }] },
  );
  const result = await t.setup.agent.prompt("go");
  assertEquals(result.text, "done");
  const events = eventsOf(await t.frames());
  const names = events.map((e) => String(e.event));
  assertEquals(firstOccurrences(names), [
    "session_start",
    "user_prompt_submit",
    "turn_start",
    "tool_call",
    "turn_end",
    "permission_decision",
    "tool_result",
    "assistant_message",
    "session_end",
  ]);
  const seqs = events.map((e) => Number(e.sequence));
  assert(seqs.every((s, i) => s > 0 && (i === 0 || s > seqs[i - 1])), `sequences ${seqs}`);
  assert(events.every((e) => typeof e.session_id === "string" && e.session_id !== "" && e.cwd));
  assertEquals(events.at(-1)?.reason, "shutdown");
  const tr = events.find((e) => e.event === "tool_result")!;
  assertEquals([tr.status, tr.executed, tr.tool_args], ["completed", true, { x: 1 }]);
  assertEquals(events.find((e) => e.event === "session_start")?.session_id, t.setup.session.id);
});

Deno.test("a guard blocks a call: the model sees the reason, the tool never runs", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "ext_echo", args: { command: "rm -rf /" } }] }, { text: "ok" }],
    {
      events: ["tool_result"],
      intercept: ["tool_call"],
      tools: [{ name: "ext_echo" }],
      block_tool_contains: "rm -rf",
      block_reason: "guard refused: dangerous",
    },
  );
  await t.setup.agent.prompt("go");
  const frames = await t.frames();
  assertEquals(frames.some((f) => f.type === "tool_call"), false);
  const tr = eventsOf(frames).find((e) => e.event === "tool_result")!;
  assertEquals([tr.status, tr.executed], ["blocked", false]);
  const second = bodyOf((await t.llm.request(1)).body);
  assertStringIncludes(JSON.stringify(second.messages.at(-1)), "guard refused: dangerous");
});

Deno.test("rewritten args are what the extension tool receives", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "ext_echo", args: { command: "ls" } }] }, { text: "ok" }],
    {
      events: ["tool_result"],
      intercept: ["tool_call"],
      tools: [{ name: "ext_echo" }],
      rewrite_prefix: "echo GUARDED: ",
    },
  );
  await t.setup.agent.prompt("go");
  const frames = await t.frames();
  const call = frames.find((f) => f.type === "tool_call")!;
  assertEquals(call.args, { command: "echo GUARDED: ls", effective: true });
  const tr = eventsOf(frames).find((e) => e.event === "tool_result")!;
  assertEquals([tr.status, tr.executed, tr.tool_args], ["completed", true, {
    command: "echo GUARDED: ls",
    effective: true,
  }]);
  // The transcript keeps the model's original args.
  const second = bodyOf((await t.llm.request(1)).body);
  assertStringIncludes(JSON.stringify(second.messages[1]), `"command":"ls"`);
});

Deno.test("a blocked turn never reaches the model and shows the reason", async () => {
  await using t = await e2e([{ text: "never" }], {
    events: ["turn_end"],
    intercept: ["turn_start"],
    block_turn: "quota exceeded",
  });
  const result = await t.setup.agent.prompt("go");
  assertEquals([result.stop, result.error], ["error", "quota exceeded"]);
  assertEquals(t.llm.requests.length, 0);
  const end = eventsOf(await t.frames()).find((e) => e.event === "turn_end")!;
  assertEquals([end.stop, end.error], ["error", "quota exceeded"]);
});

Deno.test("replace_text redacts what the user sees; the transcript keeps the original", async () => {
  await using t = await e2e(
    [{ text: "the SECRET is 42" }, { text: "again" }],
    { events: ["assistant_message"], intercept: ["assistant_message"], redact: "SECRET" },
  );
  const result = await t.setup.agent.prompt("go");
  assertEquals(result.text, "the [redacted] is 42");
  await t.setup.agent.prompt("more");
  const second = bodyOf((await t.llm.request(1)).body);
  assertStringIncludes(JSON.stringify(second.messages[1]), "the SECRET is 42");
  const shown = eventsOf(await t.frames()).find((e) => e.event === "assistant_message")!;
  assertEquals(shown.text, "the [redacted] is 42");
});

Deno.test("a before_agent_start replacement reaches the provider, once per pass", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "ext_echo", args: {} }] }, { text: "one" }, { text: "two" }],
    {
      intercept: ["before_agent_start"],
      tools: [{ name: "ext_echo" }],
      prompt_suffix: "\nEXTENSION WAS HERE",
    },
  );
  await t.setup.agent.prompt("a");
  await t.setup.agent.prompt("b");
  for (const req of t.llm.requests) {
    assert(bodyOf(req.body).system?.map((b) => b.text).join("").endsWith("\nEXTENSION WAS HERE"));
  }
  const passes = (await t.frames()).filter((f) =>
    f.type === "event_intercept" && f.event === "before_agent_start"
  );
  assertEquals(passes.length, 1);
});

Deno.test("a tool that never answers times out with tool_cancel", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "ext_slow", args: {} }] }, { text: "moved on" }],
    {
      events: ["tool_result"],
      capabilities: ["tool_cancel"],
      tools: [{ name: "ext_slow", mode: "never" }],
    },
    { timeouts: { toolCallMs: 300 } },
  );
  const result = await within(
    20_000,
    t.setup.agent.prompt("go"),
    "the tool call should time out after 300 ms and the agent move on",
  );
  assertEquals(result.text, "moved on");
  const frames = await t.frames();
  const call = frames.find((f) => f.type === "tool_call")!;
  assertEquals(frames.find((f) => f.type === "tool_cancel")?.id, call.id);
  const tr = eventsOf(frames).find((e) => e.event === "tool_result")!;
  assertEquals([tr.status, tr.executed], ["timed_out", true]);
});

Deno.test("an extension crashing mid-call fails the call; the agent continues", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "ext_crash", args: {} }] }, { text: "recovered" }],
    { tools: [{ name: "ext_crash", mode: "crash" }] },
  );
  const result = await t.setup.agent.prompt("go");
  assertEquals(result.text, "recovered");
  const toolMsg = bodyOf((await t.llm.request(1)).body).messages.at(-1)!;
  assertStringIncludes(JSON.stringify(toolMsg), "is_error");
});

Deno.test("activate_tools makes a deferred tool visible in the next request", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "find_tools", args: {} }] }, { text: "now I see it" }],
    {
      tools: [
        { name: "find_tools", mode: "activate", activates: ["weather"] },
        { name: "weather", deferred: true },
      ],
    },
  );
  await t.setup.agent.prompt("go");
  const names = (i: number) => (bodyOf(t.llm.requests[i].body).tools ?? []).map((x) => x.name);
  assertEquals(names(0).includes("weather"), false);
  assertEquals(names(1).includes("weather"), true);
  assertEquals(names(1), [...names(1)].sort());
});

Deno.test("cancelling a running extension tool sends tool_cancel and ends it cancelled", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "ext_slow", args: {} }] }],
    {
      events: ["tool_result"],
      capabilities: ["tool_cancel"],
      tools: [{ name: "ext_slow", mode: "never" }],
    },
  );
  const run = t.setup.agent.prompt("go");
  await withTimeout(t.toolStarted, 10_000, "the extension tool to start");
  t.setup.agent.abort();
  const result = await withTimeout(run, 10_000, "the run to end");
  assertEquals(result.stop, "aborted");
  const frames = await t.frames();
  assertEquals(frames.some((f) => f.type === "tool_cancel"), true);
  const tr = eventsOf(frames).find((e) => e.event === "tool_result")!;
  assertEquals(tr.status, "cancelled");
});

Deno.test("call_tool from an extension tool runs a built-in with origin, outside the transcript", async () => {
  await using t = await e2e(
    [{ toolCalls: [{ name: "ask", args: {} }] }, { text: "ok" }],
    {
      events: ["tool_call", "tool_result", "permission_decision"],
      capabilities: ["call_tool"],
      tools: [{ name: "ask", mode: "nested", calls: "read", call_args: { path: "notes.txt" } }],
    },
  );
  await Deno.writeTextFile(`${t.setup.agent.cwd}/notes.txt`, "remember the milk\n");
  await t.setup.agent.prompt("go");
  const second = bodyOf((await t.llm.request(1)).body);
  assertEquals(second.messages.map((m) => m.role), ["user", "assistant", "user"]);
  assertStringIncludes(JSON.stringify(second.messages.at(-1)), "nested -> ");
  assertStringIncludes(JSON.stringify(second.messages.at(-1)), "remember the milk");
  const events = eventsOf(await t.frames());
  const nested = events.filter((e) => e.tool_id === "ext-call-1");
  assertEquals(nested.map((e) => e.event), ["tool_call", "permission_decision", "tool_result"]);
  assert(nested.every((e) => e.origin_extension === "rec"));
  assertEquals(nested.at(-1)?.status, "completed");
});

Deno.test("a session switch ends the old session and re-runs before_agent_start", async () => {
  await using t = await e2e(
    [{ text: "one" }, { text: "two" }],
    { events: ALL_EVENTS, intercept: ["before_agent_start"], prompt_suffix: " +ext" },
  );
  const { agent } = t.setup;
  await agent.prompt("first");
  const first = agent.session.id;
  const next = await Session.create({ cwd: agent.cwd, provider: "anthropic", model: agent.model });
  agent.switchSession(next);
  await agent.prompt("second");
  const frames = await t.frames();
  const sessions = eventsOf(frames)
    .filter((e) => e.event === "session_start" || e.event === "session_end")
    .map((e) => [e.event, e.session_id, e.reason ?? ""]);
  assertEquals(sessions, [
    ["session_start", first, ""],
    ["session_end", first, "session_switch"],
    ["session_start", next.id, ""],
    ["session_end", next.id, "shutdown"],
  ]);
  const passes = frames.filter((f) =>
    f.type === "event_intercept" && f.event === "before_agent_start"
  );
  assertEquals(passes.map((p) => p.session_id), [first, next.id]);
  assert(passes[0].agent_run_id !== passes[1].agent_run_id);
  assertEquals(passes[1].system_prompt, passes[0].system_prompt);
  // The second conversation starts fresh.
  assertEquals(bodyOf(t.llm.requests[1].body).messages.length, 1);
});
