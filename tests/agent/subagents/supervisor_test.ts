/**
 * The supervisor's lifecycle rules with a stand-in runner, through the real
 * extension host (fake channels): identity, pairing, the spawn session kept
 * across switches and resumes, stop only when the runner returns, and the
 * bounded shutdown wait (TestSubagentLifecycle,
 * TestResumedSubagentHasNewLifecycleRun, TestShutdownWaitsForSubagentStop).
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { deferred, withTimeout } from "../../helpers/wait.ts";
import { fake, hostWith } from "../../extensions/host/fake_channel.ts";
import {
  SubagentSupervisor,
  type SupervisorOptions,
} from "../../../src/agent/subagents/supervisor.ts";
import type { Runner, RunnerOutcome } from "../../../src/agent/subagents/runner.ts";
import type { ExtensionHost } from "../../../src/extensions/host/mod.ts";

const SWARM = ["subagent_start", "subagent_stop"];

async function setup(runner: Runner, options: Partial<SupervisorOptions> = {}) {
  const sub = fake("sub", [{ type: "subscribe", events: SWARM }]);
  const host: ExtensionHost = await hostWith([sub]);
  const state = { session: "one" };
  host.startSession({ sessionId: state.session, cwd: "/work" });
  const supervisor = new SubagentSupervisor({
    cwd: "/work",
    emit: (e) => host.notify(e),
    sessionId: () => state.session,
    command: () => ({ command: "unused", args: [], env: {} }),
    runner,
    ...options,
  });
  const switchTo = (id: string) => {
    state.session = id;
    host.startSession({ sessionId: id, cwd: "/work" });
  };
  return { sub, host, supervisor, switchTo, events: () => sub.frames("event") };
}

const live = () => ({ signal: new AbortController().signal });

Deno.test("runner outcomes map to stop statuses; start and stop share the run id", async () => {
  const outcomes: RunnerOutcome[] = [
    { status: "completed", text: "ok" },
    { status: "failed", text: "", error: "boom" },
    { status: "cancelled", text: "" },
    { status: "timed_out", text: "", error: "timed out after 1s" },
  ];
  let next = 0;
  const t = await setup(() => Promise.resolve(outcomes[next++]));
  for (let i = 0; i < outcomes.length; i++) await t.supervisor.run({ task: "x" }, live());
  const events = t.events();
  assertEquals(events.length, 8);
  for (let i = 0; i < outcomes.length; i++) {
    const [start, stop] = [events[2 * i], events[2 * i + 1]];
    assertEquals([start.event, stop.event], SWARM);
    assertEquals(start.agent_run_id, stop.agent_run_id);
    assertEquals(stop.status, outcomes[i].status);
    assertEquals(stop.error, outcomes[i].error);
    assertEquals(start.session_id, "one");
    assertEquals(start.cwd, "/work");
  }
  const runIds = new Set(events.map((e) => e.agent_run_id));
  assertEquals(runIds.size, 4, "a fresh run id per runner invocation");
  await t.host.stop();
});

Deno.test("a runner that throws ends as failed with its message", async () => {
  const t = await setup(() => Promise.reject(new Error("spawn exploded")));
  const outcome = await t.supervisor.run({ task: "x", name: "worker" }, live());
  assertEquals(outcome.status, "failed");
  assertEquals(outcome.error, "spawn exploded");
  const [start, stop] = t.events();
  assertEquals([start.name, start.label], [start.agent_id, "worker"]);
  assertEquals(stop.error, "spawn exploded");
  await t.host.stop();
});

Deno.test("resume keeps agent_id and the original session with a new run id", async () => {
  const t = await setup(() => Promise.resolve({ status: "completed", text: "ok" }));
  const first = await t.supervisor.run({ task: "x" }, live());
  assertEquals(first.name, first.agentId, "name defaults to the agent id");
  t.switchTo("two");
  const resumed = await t.supervisor.run({ task: "more", agentId: first.agentId }, live());
  assertEquals(resumed.agentId, first.agentId);
  assert(resumed.runId !== first.runId, "resume gets a new run id");
  const fresh = await t.supervisor.run({ task: "y" }, live());
  assert(fresh.agentId !== first.agentId);

  const events = t.events().filter((e) => e.event === "subagent_start");
  assertEquals(events.map((e) => e.session_id), ["one", "one", "two"]);
  assertEquals(events[1].agent_id, first.agentId);
  assertEquals(events[1].agent_run_id, resumed.runId);
  await t.host.stop();
});

Deno.test("resuming an unknown agent fails without lifecycle events", async () => {
  const t = await setup(() => Promise.resolve({ status: "completed", text: "ok" }));
  const outcome = await t.supervisor.run({ task: "x", agentId: "agent-nope" }, live());
  assertEquals(outcome.status, "failed");
  assertEquals(outcome.error, `Unknown subagent "agent-nope" (start a new one without "agent_id")`);
  assertEquals(t.events().length, 0);
  await t.host.stop();
});

Deno.test("a session switch during the run does not change the stop's session", async () => {
  const release = deferred<RunnerOutcome>();
  const t = await setup(() => release.promise);
  const run = t.supervisor.run({ task: "x" }, live());
  t.switchTo("two");
  release.resolve({ status: "completed", text: "ok" });
  await run;
  const [start, stop] = t.events();
  assertEquals([start.session_id, stop.session_id], ["one", "one"]);
  await t.host.stop();
});

Deno.test("cancel emits stop only when the runner returns", async () => {
  const aborted = deferred<void>();
  const returned = deferred<RunnerOutcome>();
  const t = await setup((request) => {
    request.signal.addEventListener("abort", () => aborted.resolve());
    return returned.promise;
  });
  const controller = new AbortController();
  const run = t.supervisor.run({ task: "x" }, { signal: controller.signal });
  controller.abort();
  await withTimeout(aborted.promise, 1000, "runner sees the abort");
  assertEquals(t.events().map((e) => e.event), ["subagent_start"]);
  returned.resolve({ status: "cancelled", text: "" });
  const outcome = await run;
  assertEquals(outcome.status, "cancelled");
  assertEquals(t.events().map((e) => e.event), SWARM);
  assertEquals(t.supervisor.activeCount, 0);
  await t.host.stop();
});

Deno.test("shutdown cancels runners and waits for their stop", async () => {
  const t = await setup((request) =>
    new Promise((resolve) => {
      request.signal.addEventListener("abort", () => resolve({ status: "cancelled", text: "" }));
    })
  );
  const run = t.supervisor.run({ task: "x" }, live());
  await t.supervisor.shutdown();
  assertEquals(t.events().map((e) => e.status ?? e.event), ["subagent_start", "cancelled"]);
  assertEquals((await run).status, "cancelled");
  const late = await t.supervisor.run({ task: "y" }, live());
  assertEquals(late.status, "cancelled");
  assertEquals(t.events().length, 2, "no new runner starts after shutdown");
  await t.host.stop();
});

Deno.test("shutdown stops waiting for an unresponsive runner after its bound", async () => {
  const never = deferred<RunnerOutcome>();
  const t = await setup(() => never.promise);
  const run = t.supervisor.run({ task: "x" }, live());
  await withTimeout(t.supervisor.shutdown(50), 1000, "bounded shutdown");
  assertEquals(t.events().map((e) => e.event), ["subagent_start"]);
  await t.host.stop();
  never.resolve({ status: "cancelled", text: "" });
  await run;
  assertEquals(t.events().length, 1, "after the host stopped, no late notification");
});
