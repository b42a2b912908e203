/**
 * The whole chain as real processes: `zot --json` (the parent) calls the
 * `subagent` tool, which runs a child zot; a Python subscriber loaded with
 * `-e` sees the lifecycle. Also SIGINT to the parent while the child works:
 * the child's process group is ended and the stop says cancelled.
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { processesMatching } from "../../helpers/procs.ts";
import { until, withTimeout } from "../../helpers/wait.ts";
import { jsonLinesOf, zotCommand } from "../../modes/run_zot.ts";
import { recorded, subscriberExtension, swarmEvents } from "./harness.ts";

const CHILD = "child-task";

Deno.test("zot --json: subagent progress and result, lifecycle seen by a real extension", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: (request) => {
      const body = JSON.stringify(request.body);
      if (body.includes('"tool_result"')) return { text: "Parent done." };
      if (body.includes(CHILD)) return { text: "Child answer." };
      return { toolCalls: [{ name: "subagent", args: { task: `${CHILD}: answer` } }] };
    },
  });
  const record = `${z.root}/events.jsonl`;
  const ext = await subscriberExtension(z.root, record);
  const out = await zotCommand(
    ["--json", "delegate", "--base-url", llm.url, "-e", ext, "--no-ext"],
    { cwd: z.cwd, home: z.home },
  ).output();
  const stdout = new TextDecoder().decode(out.stdout);
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  const events = jsonLinesOf(stdout);
  const progress = events.filter((e) => e.type === "tool_progress").map((e) => e.text);
  assert(progress.includes("Child answer."), `progress: ${JSON.stringify(progress)}`);
  const result = events.find((e) => e.type === "tool_result");
  assertEquals(result?.is_error, false);
  assertEquals(result?.content, [{ type: "text", text: "Child answer." }]);

  const child = llm.requests.find((r) => JSON.stringify(r.body).includes(CHILD));
  assertEquals(child?.headers["x-api-key"], "test-key", "the env key, inherited");

  const frames = await recorded(record);
  const swarm = swarmEvents(frames);
  assertEquals(swarm.map((f) => [f.event, f.depth]), [
    ["subagent_start", "0"],
    ["subagent_stop", "0"],
  ]);
  assertEquals(swarm[0].agent_run_id, swarm[1].agent_run_id);
  assertEquals(swarm[1].status, "completed");
  const parentSession = frames.find((f) => f.event === "session_start" && f.depth === "0");
  assertEquals(swarm[0].session_id, parentSession?.session_id);
  // The child loaded the explicit extension itself (its own session).
  const childSession = frames.find((f) => f.event === "session_start" && f.depth === "1");
  assert(childSession !== undefined, "the child zot ran the extension too");
  assert(childSession.session_id !== parentSession?.session_id);
});

Deno.test("zot --json: SIGINT while a child works cancels it and leaves no process", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: (request) => {
      const body = JSON.stringify(request.body);
      if (body.includes(CHILD)) return { hang: true };
      return { toolCalls: [{ name: "subagent", args: { task: `${CHILD}: wait` } }] };
    },
  });
  const record = `${z.root}/events.jsonl`;
  const ext = await subscriberExtension(z.root, record);
  const zot = zotCommand(
    ["--json", "delegate", "--base-url", llm.url, "-e", ext, "--no-ext"],
    { cwd: z.cwd, home: z.home },
  ).spawn();
  const output = zot.output();
  try {
    await llm.request(1, 30_000); // the child is waiting for its model
    zot.kill("SIGINT");
    const out = await withTimeout(output, 15_000, "parent exit");
    assertEquals(out.code, 1);
  } finally {
    try {
      zot.kill("SIGKILL");
    } catch {
      // already gone
    }
    await output;
  }
  const swarm = swarmEvents(await recorded(record));
  assertEquals(swarm.map((f) => f.event), ["subagent_start", "subagent_stop"]);
  assertEquals(swarm[1].status, "cancelled");
  await until(() => processesMatching(z.root).length === 0, 5_000, "no process left");
});
