/**
 * The `subagent` tool end to end in one parent process: a real child zot per
 * call, its own scripted reply from the shared fake LLM, and what a real
 * subscriber extension sees (TestSubagentLifecycle, TestShutdownWaitsForSubagentStop).
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { withTimeout } from "../../helpers/wait.ts";
import type { FakeRequest, FakeScript, FakeTurn } from "../../helpers/fake_llm.ts";
import { parent, recorded, swarmEvents } from "./harness.ts";

/** Every child task carries this, so the script can tell the child's requests apart. */
const CHILD = "child-task";

/**
 * Parent step 1 calls `subagent` with `args`; the child's requests get
 * `child`; the parent's follow-up (it carries the tool result) gets `after`.
 * By content, not by order: a child killed early never makes its request.
 */
function script(args: Record<string, unknown>, child: FakeTurn, after: FakeTurn): FakeScript {
  return (request) => {
    const body = JSON.stringify(request.body);
    if (body.includes('"tool_result"')) return after;
    if (body.includes(CHILD)) return child;
    return { toolCalls: [{ name: "subagent", args: { task: `${CHILD}: work`, ...args } }] };
  };
}

function bodyOf(request: FakeRequest): string {
  return JSON.stringify(request.body);
}

Deno.test("subagent: the child's final text is the tool result; start/stop pair up as completed", async () => {
  await using p = await parent(script(
    { task: `${CHILD}: say hi`, name: "helper" },
    { text: "Hi from the child." },
    { text: "The child said hi." },
  ));
  const result = await withTimeout(p.setup.agent.prompt("delegate"), 30_000, "parent run");
  assertEquals(result.text, "The child said hi.");
  assertEquals(result.error, undefined);

  const child = await p.llm.request(1);
  const childBody = JSON.stringify(child.body);
  assert(childBody.includes(`${CHILD}: say hi`), "the child got the task as its prompt");
  assert(!childBody.includes('"name":"subagent"'), "a child has no subagent tool");
  assertEquals(child.headers["authorization"], "Bearer test-key", "same key, via the env");
  const parentFirst = JSON.stringify((await p.llm.request(0)).body);
  assert(parentFirst.includes('"name":"subagent"'), "the parent offers the subagent tool");
  const back = bodyOf(await p.llm.request(2));
  assert(back.includes("Hi from the child."), `tool result carries the child's text: ${back}`);

  await p.shutdown();
  const frames = await recorded(p.record);
  const swarm = swarmEvents(frames);
  assertEquals(swarm.map((f) => f.event), ["subagent_start", "subagent_stop"]);
  const [start, stop] = swarm;
  assertEquals(start.depth, "0");
  assertEquals(start.agent_run_id, stop.agent_run_id);
  assertEquals(start.agent_id, stop.agent_id);
  assertEquals(start.name, "helper");
  assertEquals(stop.status, "completed");
  assertEquals(stop.error, undefined);
  assertEquals(start.session_id, p.setup.agent.session.id);
  assertEquals(stop.session_id, p.setup.agent.session.id);
  assertEquals(start.cwd, p.cwd);
  assert((stop.sequence as number) > (start.sequence as number), "stop after start");
});

Deno.test("subagent: a failing child ends as failed with the child's error", async () => {
  await using p = await parent(script(
    {},
    { error: { status: 400, message: "child model refused" } },
    { text: "It failed." },
  ));
  await withTimeout(p.setup.agent.prompt("delegate"), 30_000, "parent run");
  const back = bodyOf(await p.llm.request(2));
  assert(back.includes("failed"), back);
  assert(back.includes("child model refused"), back);
  await p.shutdown();
  const [start, stop] = swarmEvents(await recorded(p.record));
  assertEquals(stop.status, "failed");
  assertEquals(start.name, start.agent_id, "name defaults to the agent id");
  assert(String(stop.error).includes("child model refused"), String(stop.error));
});

Deno.test("subagent: cancelling the parent's run kills the child and ends as cancelled", async () => {
  await using p = await parent(script({}, { hang: true }, { hang: true }));
  const controller = new AbortController();
  const run = p.setup.agent.prompt("delegate", { signal: controller.signal });
  await p.llm.request(1, 30_000); // the child is talking to the model
  controller.abort();
  const result = await withTimeout(run, 10_000, "cancelled run");
  assertEquals(result.stop, "aborted");
  await p.shutdown();
  const [start, stop] = swarmEvents(await recorded(p.record));
  assertEquals(stop.status, "cancelled");
  assertEquals(stop.agent_run_id, start.agent_run_id);
  // The harness's dispose asserts that no child zot is left behind.
});

Deno.test("subagent: a child past its deadline ends as timed_out", async () => {
  await using p = await parent(script({ timeout_s: 0.5 }, { hang: true }, { text: "Gave up." }));
  const result = await withTimeout(p.setup.agent.prompt("delegate"), 30_000, "parent run");
  assertEquals(result.text, "Gave up.");
  const back = bodyOf(p.llm.requests.at(-1)!);
  assert(back.includes("timed out after 0.5s"), back);
  await p.shutdown();
  const [, stop] = swarmEvents(await recorded(p.record));
  assertEquals(stop.status, "timed_out");
});

Deno.test("subagent: shutdown waits for the runner, which stops as cancelled", async () => {
  await using p = await parent(script({}, { hang: true }, { text: "After shutdown." }));
  const run = p.setup.agent.prompt("delegate");
  await p.llm.request(1, 30_000);
  await withTimeout(p.shutdown(), 5_000, "shutdown");
  const swarm = swarmEvents(await recorded(p.record));
  assertEquals(swarm.map((f) => f.event), ["subagent_start", "subagent_stop"]);
  assertEquals(swarm[1].status, "cancelled");
  await withTimeout(run, 10_000, "run after shutdown");
});

Deno.test({
  name: "subagent: a key from auth.json is found again by the child, not copied into its env",
  ignore: Deno.env.get("ANTHROPIC_API_KEY") !== undefined,
  async fn() {
    await using p = await parent(
      script({}, { text: "child ok" }, { text: "parent ok" }),
      { apiKey: undefined },
      { storedKey: "stored-key" },
    );
    const result = await withTimeout(p.setup.agent.prompt("delegate"), 30_000, "parent run");
    assertEquals(result.text, "parent ok");
    assertEquals((await p.llm.request(1)).headers["authorization"], "Bearer stored-key");
  },
});
