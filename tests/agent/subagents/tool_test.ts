import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  createSubagentTool,
  JAILED_MESSAGE,
  parseSubagentArgs,
  type SubagentCall,
  type SubagentLauncher,
  type SubagentReport,
} from "../../../src/tools/subagent.ts";
import type { ToolContext } from "../../../src/model/types.ts";

function ctx(): ToolContext {
  return {
    cwd: "/work",
    signal: new AbortController().signal,
    callId: "t1",
    chain: [],
    interactive: false,
  };
}

function launcher(report: Partial<SubagentReport>, calls: SubagentCall[] = []): SubagentLauncher {
  return {
    run(call) {
      calls.push(call);
      return Promise.resolve({
        status: "completed",
        text: "",
        agentId: "agent-1",
        runId: "run-1",
        name: "agent-1",
        ...report,
      });
    },
  };
}

const textOf = (r: { content: { type: string; text?: string }[] }) => r.content[0].text;

Deno.test("args: task required and non-empty; tools an array of names; timeout positive", () => {
  assertEquals(parseSubagentArgs({}), {
    ok: false,
    error: `Missing required argument "task" (a string)`,
  });
  assertEquals(parseSubagentArgs({ task: "  " }), {
    ok: false,
    error: `Argument "task" is empty (describe the work to delegate)`,
  });
  assert(!parseSubagentArgs({ task: "x", tools: "read" }).ok);
  assert(!parseSubagentArgs({ task: "x", tools: ["read", 3] }).ok);
  assert(!parseSubagentArgs({ task: "x", timeout_s: 0 }).ok);
  assertEquals(parseSubagentArgs({ task: "x", name: " helper ", tools: ["read"], timeout_s: 2 }), {
    ok: true,
    value: { task: "x", name: "helper", tools: ["read"], timeoutMs: 2000 },
  });
  assertEquals(parseSubagentArgs({ task: "x" }), {
    ok: true,
    value: { task: "x", timeoutMs: 600_000 },
  });
});

Deno.test("results: completed text, failed/cancelled/timed_out as errors with outcomes", async () => {
  const run = (report: Partial<SubagentReport>) =>
    createSubagentTool(launcher(report)).execute({ task: "x" }, ctx());
  const done = await run({ text: "answer" });
  assertEquals([textOf(done), done.isError], ["answer", undefined]);
  assertEquals(done.details, { agent_id: "agent-1", agent_run_id: "run-1", name: "agent-1" });
  assertEquals(textOf(await run({ text: " " })), `Subagent "agent-1" finished without an answer`);
  const failed = await run({ status: "failed", error: "boom", name: "w" });
  assertEquals([textOf(failed), failed.isError], [`Subagent "w" failed: boom`, true]);
  assertEquals((await run({ status: "cancelled" })).outcome, "cancelled");
  const partial = await run({ status: "failed", error: "max steps reached", text: "half done" });
  assertEquals(
    textOf(partial),
    `Subagent "agent-1" failed: max steps reached\n\nIts last message:\nhalf done`,
  );
  const late = await run({ status: "timed_out", error: "timed out after 2s" });
  assertEquals([textOf(late), late.outcome], [
    `Subagent "agent-1" timed out after 2s`,
    "timed_out",
  ]);
});

Deno.test("a jailed parent refuses to delegate (a policy block) and starts nothing", async () => {
  const calls: SubagentCall[] = [];
  const tool = createSubagentTool(launcher({}, calls), { jailed: () => true });
  const result = await tool.execute({ task: "x" }, ctx());
  assertEquals([textOf(result), result.outcome], [JAILED_MESSAGE, "blocked"]);
  assertEquals(calls.length, 0);
});
