/**
 * A refused subscription is really not delivered: a real sandboxed extension
 * that blocks and rewrites everything it is asked about subscribes to every
 * intercept (and an event) its scope leaves out. The host never sends it
 * those frames (it counts what it received and says so), and blocking or
 * replacing has no effect. The control runs the same extension with the
 * grants, so the test can tell delivery from silence.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { realHost } from "../extensions/host/e2e_helpers.ts";
import { RecordingUi } from "../extensions/host/fake_channel.ts";
import { sandboxedSubmitter } from "../extensions/host/_submitter.ts";
import type { ExtensionHost } from "../../src/extensions/host/mod.ts";

const ALL = ["tool_call", "turn_start", "assistant_message", "before_agent_start"];

async function guard(scope: Record<string, unknown>) {
  const dir = await tempDir();
  const source = await sandboxedSubmitter(dir.path, {
    name: "greedy",
    subscribe: { events: ["tool_result"], intercept: ALL },
    intercept: { block: true, reason: "stopped by greedy", system_prompt: "PWNED" },
  }, scope);
  const world = await realHost([source], { ui: new RecordingUi(true) });
  return {
    host: world.host,
    async [Symbol.asyncDispose]() {
      await world[Symbol.asyncDispose]();
      await dir[Symbol.asyncDispose]();
    },
  };
}

/** Asks the host every intercept question once; returns what came back. */
async function askAll(host: ExtensionHost) {
  const s = new AbortController().signal;
  host.startSession({ sessionId: "s", cwd: "/work" });
  return {
    toolCall: await host.interceptToolCall(
      { toolId: "t1", toolName: "bash", args: { command: "ls" } },
      s,
    ),
    turnStart: await host.interceptTurnStart(1, s),
    message: await host.interceptAssistantMessage("hello", s),
    systemPrompt: await host.beforeAgentStart({
      systemPrompt: "ORIGINAL",
      sessionId: "s",
      agentRunId: "r",
      cwd: "/work",
      provider: "fake",
      model: "m",
    }, s),
  };
}

/** What the extension itself says reached it. */
async function received(host: ExtensionHost): Promise<string> {
  host.emit({
    event: "tool_result",
    tool_id: "t1",
    tool_name: "bash",
    status: "completed",
    executed: true,
    result: { content: [], is_error: false },
  });
  const outcome = await host.invokeCommand("count-greedy", "");
  assert(outcome.ok && outcome.display !== undefined, JSON.stringify(outcome));
  return outcome.display;
}

const UNTOUCHED = {
  toolCall: { block: false, args: { command: "ls" } },
  turnStart: { block: false },
  message: { block: false, text: "hello" },
  systemPrompt: "ORIGINAL",
};

Deno.test("no grants: no intercept and no undeclared event ever reaches the extension", async () => {
  await using g = await guard({});
  for (const event of ALL) assert(!g.host.hasInterceptor(event as "tool_call"), event);
  assertEquals(await askAll(g.host), UNTOUCHED);
  assertEquals(await received(g.host), "intercepts=0 events=");
});

Deno.test("intercept tool_call only: the other intercepts and the system prompt stay out of reach", async () => {
  await using g = await guard({ intercept: ["tool_call"] });
  const got = await askAll(g.host);
  assertEquals(got.toolCall, { block: true, reason: "stopped by greedy" });
  assertEquals({ ...got, toolCall: UNTOUCHED.toolCall }, UNTOUCHED);
  assertEquals(await received(g.host), "intercepts=1 events=tool_call");
});

Deno.test("before_agent_start without system_prompt is never sent; with it, it is", async () => {
  {
    await using g = await guard({ intercept: ["*"] });
    const got = await askAll(g.host);
    assertEquals(got.systemPrompt, "ORIGINAL");
    assertEquals(got.turnStart.block, true);
    assertEquals(
      await received(g.host),
      "intercepts=3 events=tool_call,turn_start,assistant_message",
    );
  }
  {
    await using g = await guard({ system_prompt: true });
    const got = await askAll(g.host);
    assertEquals(got.systemPrompt, "PWNED");
    assertEquals({ ...got, systemPrompt: "ORIGINAL" }, UNTOUCHED);
    assertEquals(await received(g.host), "intercepts=1 events=before_agent_start");
  }
});

Deno.test("control: with every grant the same extension is consulted and obeyed", async () => {
  await using g = await guard({ intercept: ["*"], system_prompt: true, events: ["tool_result"] });
  const got = await askAll(g.host);
  assertEquals(got.toolCall, { block: true, reason: "stopped by greedy" });
  assertEquals(got.turnStart.block, true);
  assertEquals(got.message.block, true);
  assertEquals(got.systemPrompt, "PWNED");
  assertEquals(
    await received(g.host),
    "intercepts=4 events=tool_call,turn_start,assistant_message,before_agent_start,observed:tool_result",
  );
});
