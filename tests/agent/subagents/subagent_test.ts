/**
 * The `subagent` tool end to end in one parent process: a real child zot per
 * call, its own scripted reply from the shared fake LLM, and what a real
 * subscriber extension sees (TestSubagentLifecycle, TestShutdownWaitsForSubagentStop).
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { within, withTimeout } from "../../helpers/wait.ts";
import {
  type FakeRequest,
  type FakeScript,
  type FakeTurn,
  startFakeLlm,
} from "../../helpers/fake_llm.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { assertNoLeftoverProcesses } from "../../helpers/procs.ts";
import { fileURLToPath } from "node:url";
import { parent, recorded, swarmEvents } from "./harness.ts";

const MAIN = fileURLToPath(new URL("../../../main.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../../deno.json", import.meta.url));

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
  // The Anthropic API takes its key in x-api-key.
  assertEquals(child.headers["x-api-key"], "test-key", "same key, via the env");
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
  // `name` carries the agent id, as the protocol says; the model's label is `label`.
  assertEquals([start.name, stop.name], [start.agent_id, start.agent_id]);
  assertEquals([start.label, stop.label], ["helper", "helper"]);
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
  const result = await within(
    30_000,
    p.setup.agent.prompt("delegate"),
    "the child should be ended at its 0.5 s deadline and the parent answer",
  );
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

/**
 * A real parent zot with an explicit environment (no key from whoever runs
 * the tests): the key is only in auth.json, so the child can have it only by
 * finding it there again.
 */
Deno.test("subagent: a key from auth.json is found again by the child, not copied into its env", async () => {
  await using z = await tempZot();
  await Deno.writeTextFile(
    z.paths.auth,
    JSON.stringify({ anthropic: { type: "api_key", key: "stored-key" } }),
  );
  await using llm = await startFakeLlm({
    script: script({}, { text: "child ok" }, { text: "parent ok" }),
  });
  const env: Record<string, string> = {
    ZOT_HOME: z.home,
    NO_COLOR: "1",
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    // The real HOME (or DENO_DIR) only keeps Deno's module cache warm; ZOT_HOME isolates zot.
    HOME: Deno.env.get("HOME") ?? z.root,
    ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
  };
  const out = await within(
    90_000,
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--quiet",
        "--config",
        CONFIG,
        MAIN,
        "-p",
        "delegate",
        "--no-session",
        "--provider",
        "anthropic",
        "--base-url",
        llm.url,
      ],
      cwd: z.cwd,
      env,
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output(),
    "the parent zot run with one subagent",
  );
  const dec = new TextDecoder();
  assertEquals(out.code, 0, dec.decode(out.stderr));
  assertEquals(dec.decode(out.stdout).trim(), "parent ok");
  const child = llm.requests.find((r) =>
    bodyOf(r).includes(CHILD) && !bodyOf(r).includes("tool_result")
  );
  assert(child, "the child made a model request");
  assertEquals(child.headers["x-api-key"], "stored-key");
  await assertNoLeftoverProcesses(z.root);
});
