/**
 * The host paces its own bursts: a long model reply (or a burst of
 * `call_tool` requests) never overflows the queue of a guard that reads, so
 * the guard is never disconnected by zot's own traffic and checks every call.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { burst, EXAMPLE_GUARD, type GuardRun, guardRun } from "./guard_harness.ts";
import type { ToolResultBlock } from "../../src/model/types.ts";

/** Every 100th call (from 55 on) would write outside the checks if it ran. */
function attack(i: number) {
  return i % 100 === 55
    ? { name: "bash", args: { command: `echo FORBIDDEN >> pwned.txt` } }
    : { name: "read", args: { path: "a.txt" } };
}

function lastResults(run: GuardRun): ToolResultBlock[] {
  const message = run.setup.agent.messages.findLast((m) => m.role === "tool");
  assert(message?.role === "tool", "a tool message was recorded");
  return message.content;
}

function guardState(run: GuardRun, name: string): string | undefined {
  return run.setup.host?.status().find((s) => s.name === name)?.state;
}

async function assertNoFile(path: string): Promise<void> {
  const exists = await Deno.stat(path).then(() => true, () => false);
  assert(!exists, `${path} must not exist: a refused call ran`);
}

Deno.test("pacing: 1,000 tool calls in one reply are each checked by a Python guard that stays connected", async () => {
  await using run = await guardRun(
    burst(1000, attack),
    [{ name: "pyguard", lang: "python", config: { events: ["tool_call", "tool_result"] } }],
    { flags: { maxToolCalls: 1000 } },
  );
  await Deno.writeTextFile(`${run.cwd}/a.txt`, "hello\n");
  const result = await withTimeout(run.setup.agent.prompt("go"), 60_000, "the burst to finish");
  assertEquals(result.text, "done");
  assertEquals(guardState(run, "pyguard"), "ready", "the guard is still connected");
  const results = lastResults(run);
  assertEquals(results.length, 1000);
  const refused = results.filter((r) => r.is_error);
  assertEquals(refused.map((r) => r.call_id), [...Array(10)].map((_, k) => `call_${k * 100 + 55}`));
  for (const r of refused) assertStringIncludes(JSON.stringify(r.content), "guard refused");
  await assertNoFile(`${run.cwd}/pwned.txt`);
  const record = await run.record("pyguard");
  assertEquals(new Set(record.filter((l) => l.checked).map((l) => l.checked)).size, 1000);
  assertEquals(record.filter((l) => l.event === "tool_call").length, 1000);
  await until(
    async () =>
      (await run.record("pyguard")).filter((l) => l.event === "tool_result").length === 1000,
    10_000,
    "the guard to see 1,000 tool_result events",
  );
});

Deno.test("pacing: a Node guard sees all 300 calls of a reply (past one queue's worth) and refuses the bad one", async () => {
  await using run = await guardRun(
    burst(300, (i) => i === 255 ? attack(55) : attack(0)),
    [{ name: "nodeguard", lang: "node" }],
    { flags: { maxToolCalls: 300 } },
  );
  await Deno.writeTextFile(`${run.cwd}/a.txt`, "hello\n");
  await withTimeout(run.setup.agent.prompt("go"), 60_000, "the burst to finish");
  assertEquals(guardState(run, "nodeguard"), "ready");
  const refused = lastResults(run).filter((r) => r.is_error).map((r) => r.call_id);
  assertEquals(refused, ["call_255"]);
  await assertNoFile(`${run.cwd}/pwned.txt`);
  const record = await run.record("nodeguard");
  assertEquals(record.filter((l) => l.checked).length, 300);
  assertEquals(record.filter((l) => l.event === "tool_call").length, 300);
});

Deno.test("pacing: the sandboxed example guard refuses rm -rf at call 256 of a 300-call reply", async () => {
  await using run = await guardRun(
    burst(
      300,
      (i) =>
        i === 255
          ? { name: "bash", args: { command: "rm -rf ./victim" } }
          : { name: "read", args: { path: "a.txt" } },
    ),
    [{ name: "guard", dir: EXAMPLE_GUARD }],
    { flags: { maxToolCalls: 300 } },
  );
  await Deno.writeTextFile(`${run.cwd}/a.txt`, "hello\n");
  await Deno.mkdir(`${run.cwd}/victim`);
  await withTimeout(run.setup.agent.prompt("go"), 60_000, "the burst to finish");
  assertEquals(guardState(run, "guard"), "ready");
  const refused = lastResults(run).filter((r) => r.is_error);
  assertEquals(refused.map((r) => r.call_id), ["call_255"]);
  assertStringIncludes(JSON.stringify(refused[0].content), "rm -rf");
  assert((await Deno.stat(`${run.cwd}/victim`)).isDirectory, "the refused rm -rf did not run");
});

Deno.test("pacing: 200 concurrent call_tool requests disconnect neither the caller nor the guard", async () => {
  await using run = await guardRun(
    [],
    [
      { name: "pyguard", lang: "python", config: { events: ["tool_call", "tool_result"] } },
      {
        name: "caller",
        lang: "python",
        file: "caller.py",
        config: { count: 200, tool: "read", args: { path: "a.txt" } },
      },
    ],
  );
  await Deno.writeTextFile(`${run.cwd}/a.txt`, "hello\n");
  const host = run.setup.host!;
  const outcome = await withTimeout(host.invokeCommand("burst", ""), 60_000, "the burst");
  assertEquals(
    JSON.stringify(outcome).includes("replies=200 errors=0"),
    true,
    JSON.stringify(outcome),
  );
  assertEquals(guardState(run, "pyguard"), "ready");
  assertEquals(guardState(run, "caller"), "ready");
  // Each call was checked before it ran; its tool_result event may still be on the way.
  assertEquals((await run.record("pyguard")).filter((l) => l.checked).length, 200);
  await until(
    async () =>
      (await run.record("pyguard")).filter((l) => l.event === "tool_result").length === 200,
    10_000,
    "the guard to see 200 tool_result events",
  );
});

Deno.test("pacing: 600 call_tool requests refused at once (replies owed in a burst) do not disconnect the caller", async () => {
  await using run = await guardRun([], [
    {
      name: "caller",
      lang: "python",
      file: "caller.py",
      config: { count: 600, tool: "read", args: { path: "a.txt" }, parent_id: "no-such-call" },
    },
  ]);
  const host = run.setup.host!;
  const outcome = await withTimeout(host.invokeCommand("burst", ""), 60_000, "the burst");
  assertStringIncludes(JSON.stringify(outcome), "replies=600 errors=600");
  assertEquals(guardState(run, "caller"), "ready");
});

Deno.test("pacing: concurrent call_tool requests with 2 MiB args from two extensions do not overflow the guard", async () => {
  const caller = (name: string) => ({
    name,
    lang: "python" as const,
    file: "caller.py",
    config: { command: name, count: 12, tool: "read", args: { path: "a.txt" }, pad: 2 << 20 },
  });
  await using run = await guardRun([], [
    { name: "pyguard", lang: "python", config: { events: ["tool_call", "tool_result"] } },
    caller("one"),
    caller("two"),
  ]);
  await Deno.writeTextFile(`${run.cwd}/a.txt`, "hello\n");
  const host = run.setup.host!;
  const outcomes = await withTimeout(
    Promise.all([host.invokeCommand("one", ""), host.invokeCommand("two", "")]),
    60_000,
    "the bursts",
  );
  assertEquals(guardState(run, "pyguard"), "ready", JSON.stringify(run.notes));
  for (const outcome of outcomes) assertStringIncludes(JSON.stringify(outcome), "errors=0");
  assertEquals((await run.record("pyguard")).filter((l) => l.checked).length, 24);
});

Deno.test("pacing: a guard that answers every event with a large frame of its own is not cut off mid-burst", async () => {
  const pad = "x".repeat(64 << 10);
  await using run = await guardRun(
    burst(300, () => ({ name: "read", args: { path: "a.txt", pad } })),
    [{ name: "pyguard", lang: "python", config: { echo_events: true } }],
    { flags: { maxToolCalls: 300 } },
  );
  await Deno.writeTextFile(`${run.cwd}/a.txt`, "hello\n");
  await withTimeout(run.setup.agent.prompt("go"), 60_000, "the burst to finish");
  assertEquals(
    guardState(run, "pyguard"),
    "ready",
    run.notes.filter((n) => !n.startsWith("echo")).join(" | "),
  );
  assertEquals((await run.record("pyguard")).filter((l) => l.checked).length, 300);
});

Deno.test("pacing: a guard slow on events answers each check in time (zot's queue is not on its clock)", async () => {
  // 8 KiB per event: a pipe holds a handful, zot's queue up to half of 256.
  const pad = "p".repeat(8 << 10);
  await using run = await guardRun(
    burst(200, (i) => {
      const call = attack(i);
      return { ...call, args: { ...call.args, pad } };
    }),
    [{ name: "pyguard", lang: "python", config: { slow_events_ms: 10 } }],
    { flags: { maxToolCalls: 200 }, timeouts: { interceptMs: 500 } },
  );
  await Deno.writeTextFile(`${run.cwd}/a.txt`, "hello\n");
  await withTimeout(run.setup.agent.prompt("go"), 60_000, "the burst to finish");
  const refused = lastResults(run).filter((r) => r.is_error);
  // Only the FORBIDDEN calls, refused by the guard; none for want of an answer in time.
  assertEquals(refused.map((r) => r.call_id), ["call_55", "call_155"]);
  for (const r of refused) assertStringIncludes(JSON.stringify(r.content), "guard refused");
});
