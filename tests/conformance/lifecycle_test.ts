/**
 * §8.2/§8.3 cases the host suite covers with fakes, re-run with real python
 * extensions: TestReloadRespawnsExtensions, TestBeforeAgentStartMalformedResponseTimesOut,
 * TestBeforeAgentStartBoundsBlockedWrite and TestShutdownBoundsBlockedWriter.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { extensionProcesses } from "../helpers/procs.ts";
import { until, within, withTimeout } from "../helpers/wait.ts";
import { py, startHost } from "./_harness.ts";

function conf(config: Record<string, unknown>) {
  return py(String(config.name), "conf.py", JSON.stringify(config));
}

function bas(systemPrompt: string) {
  return {
    systemPrompt,
    sessionId: "s1",
    agentRunId: "run-1",
    cwd: "/work",
    provider: "fake",
    model: "fake-model",
  };
}

/** `count` tool_call events with ~4 KiB of args each: more than a pipe buffer holds. */
function flood(host: { emit: (e: never) => void }, count: number): void {
  for (let i = 0; i < count; i++) {
    host.emit({
      event: "tool_call",
      tool_id: `t${i}`,
      tool_name: "bash",
      tool_args: { command: "x".repeat(4096) },
    } as never);
  }
}

Deno.test("reload respawns real extensions, keeps the session and re-registers (TestReloadRespawnsExtensions)", async () => {
  const sources = [
    conf({ name: "one", commands: ["first"], events: ["session_end", "turn_start"] }),
    conf({ name: "two", commands: ["second"] }),
  ];
  await using env = await startHost(sources);
  const { host, ui } = env;
  await host.waitForReady();
  host.startSession({ sessionId: "s1", cwd: "/work" });
  const before = extensionProcesses().map((p) => p.pid).sort();
  assertEquals(before.length, 2);

  const report = await host.reload(() => sources, 2_000);
  assertEquals(report, { stopped: 2, loaded: 2, ready: 2, errors: [] });
  assertEquals(host.commands().map((c) => c.name).sort(), ["first", "second"]);
  await until(
    () =>
      extensionProcesses().length === 2 &&
      extensionProcesses().every((p) => !before.includes(p.pid)),
    5_000,
    "the old processes to be replaced",
  );
  // The session stays open across the reload: no session_end reached the
  // old process, and the new one keeps the session on its events.
  host.emit({ event: "turn_start", step: 1 });
  await ui.waitFor(() => ui.notes("one").length > 0, 10_000, "an event at the respawned extension");
  const seen = ui.notes("one").map((n) => JSON.parse(n.slice("seen ".length)));
  assertEquals(seen.map((e) => [e.event, e.session_id]), [["turn_start", "s1"]]);
  const outcome = await host.invokeCommand("second", "");
  assertEquals(
    outcome.ok && outcome.action === "display" ? outcome.display : outcome,
    "two:second",
  );
});

Deno.test("before_agent_start: a malformed reply times out, the chain continues (TestBeforeAgentStartMalformedResponseTimesOut)", async () => {
  await using env = await startHost([
    conf({ name: "bad", intercept: ["before_agent_start"], bas: "malformed" }),
    conf({ name: "good", intercept: ["before_agent_start"], bas: "append: good" }),
    // The good extension (python) must answer within the same timeout that
    // ends the malformed one: generous, so a loaded machine cannot flake it.
  ], { timeouts: { interceptMs: 2_000 } });
  const { host, ui } = env;
  await host.waitForReady();
  const prompt = await within(
    20_000,
    host.beforeAgentStart(bas("base"), new AbortController().signal),
    "the malformed reply should time out after 2 s and the chain continue",
  );
  assertEquals(prompt, "base good");
  const warnings = ui.calls.filter((c) => c[0] === "warn");
  assertEquals(warnings.length, 1);
  assertEquals(warnings[0][1], "bad");
  assertStringIncludes(String(warnings[0][2]), "timed out");
  assertEquals(host.status().find((s) => s.name === "bad")?.counters?.malformed, 1);
  // Nothing pending is left: the next pass runs the same way.
  assertEquals(
    await within(
      20_000,
      host.beforeAgentStart(bas("again"), new AbortController().signal),
      "the second pass should time out the same way",
    ),
    "again good",
  );
});

// The request frame itself (256 KiB, four pipe buffers) is cut off mid-write:
// a torn frame cannot be withdrawn, so the transport is closed. (A request
// still queued behind a blocked event is withdrawn instead, the newer
// outbound variant of the reference host.)
Deno.test("before_agent_start: a write blocked by a deaf extension is bounded and closes it (TestBeforeAgentStartBoundsBlockedWrite)", async () => {
  await using env = await startHost([
    conf({ name: "deaf", intercept: ["before_agent_start"], deaf: true }),
  ], { timeouts: { interceptMs: 300 } });
  const { host, ui } = env;
  await host.waitForReady();
  const base = "x".repeat(256 * 1024);
  const prompt = await withTimeout(
    host.beforeAgentStart(bas(base), new AbortController().signal),
    5_000,
    "the bounded before_agent_start pass",
  );
  assertEquals(prompt, base);
  const warnings = ui.calls.filter((c) => c[0] === "warn").map((c) => String(c[2]));
  assertEquals(warnings.length, 1, JSON.stringify(warnings));
  await until(() => host.status()[0].state === "closed", 5_000, "the blocked extension to close");
  assertStringIncludes(env.logText("deaf"), "write abandoned mid-frame");
});

Deno.test("stop with a 1 ms grace returns although the extension never reads (TestShutdownBoundsBlockedWriter)", async () => {
  await using env = await startHost([conf({ name: "deaf", events: ["tool_call"], deaf: true })]);
  const { host } = env;
  await host.waitForReady();
  flood(host, 40);
  assert(extensionProcesses().length === 1);
  await withTimeout(host.stop(1), 5_000, "stop with a blocked writer");
  await until(() => extensionProcesses().length === 0, 5_000, "the deaf extension to be killed");
});

Deno.test("stop: session_end{shutdown} reaches a real extension before shutdown, once (§2.6)", async () => {
  await using env = await startHost([
    conf({ name: "one", events: ["session_start", "session_end"] }),
  ]);
  const { host, ui } = env;
  await host.waitForReady();
  host.startSession({ sessionId: "s1", cwd: "/w" });
  await host.stop(2_000);
  host.endSession("user_exit");
  host.startSession({ sessionId: "s2", cwd: "/w" });
  const seen = ui.notes("one").map((n) => JSON.parse(n.slice("seen ".length)));
  assertEquals(seen.map((e) => [e.event, e.session_id, e.reason, e.sequence]), [
    ["session_start", "s1", undefined, 1],
    ["session_end", "s1", "shutdown", 2],
  ]);
});
