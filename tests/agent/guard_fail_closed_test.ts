/**
 * Guards fail closed, end to end: real guard processes (Python, Node, the
 * sandboxed example) that crash, are killed or stop reading mid-run make the
 * later tool calls of the run fail with the reason, which the model reads as
 * a tool error and the user sees as a warning; nothing they would check runs.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { descendants } from "../helpers/procs.ts";
import { burst, EXAMPLE_GUARD, type GuardRun, guardRun } from "./guard_harness.ts";
import type { ToolResultBlock } from "../../src/model/types.ts";

function lastResults(run: GuardRun): ToolResultBlock[] {
  const message = run.setup.agent.messages.findLast((m) => m.role === "tool");
  assert(message?.role === "tool", "a tool message was recorded");
  return message.content;
}

function textOf(result: ToolResultBlock): string {
  return result.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

/** Call 2 makes the guard fail; calls 3.. would append to pwned.txt if they ran. */
function script(trigger: string) {
  return burst(
    6,
    (i) =>
      i === 2
        ? { name: "bash", args: { command: `echo ${trigger}` } }
        : { name: "bash", args: { command: `echo ran-${i} >> pwned.txt` } },
  );
}

async function pwned(run: GuardRun): Promise<string> {
  return await Deno.readTextFile(`${run.cwd}/pwned.txt`).catch(() => "");
}

Deno.test("fail closed: a Python guard that crashes mid-reply refuses every later call of the run", async () => {
  await using run = await guardRun(script("CRASH"), [
    { name: "pyguard", lang: "python", config: { crash_on: "CRASH" } },
  ]);
  const result = await withTimeout(run.setup.agent.prompt("go"), 30_000, "the run");
  assertEquals(result.text, "done");
  const results = lastResults(run);
  assertEquals(results.map((r) => r.is_error), [false, false, true, true, true, true]);
  for (const r of results.slice(2)) {
    assertStringIncludes(textOf(r), 'Tool call refused: extension "pyguard", which checks them');
  }
  // The call it crashed on is refused with how it ended, not a bare "disconnected".
  assertStringIncludes(textOf(results[2]), "is not running (exited with status 3)");
  assertEquals(await pwned(run), "ran-0\nran-1\n");
  // The user is told, with the exit status once it is known.
  await until(
    () => run.notes.some((n) => n.includes("exited with status 3") && n.includes("refused until")),
    10_000,
    "the warning that the guard stopped",
  );
});

Deno.test("fail closed: a Node guard that crashes refuses the calls of the next reply too", async () => {
  await using run = await guardRun(
    [
      { toolCalls: [{ name: "bash", args: { command: "echo CRASH" } }] },
      { toolCalls: [{ name: "bash", args: { command: "echo later >> pwned.txt" } }] },
      { text: "done" },
    ],
    [{ name: "nodeguard", lang: "node", config: { crash_on: "CRASH" } }],
  );
  await withTimeout(run.setup.agent.prompt("go"), 30_000, "the run");
  const [later] = lastResults(run);
  assertEquals(later.is_error, true);
  assertStringIncludes(textOf(later), 'extension "nodeguard", which checks them, is not running');
  assertEquals(await pwned(run), "");
});

Deno.test("fail closed: the sandboxed example guard killed between prompts refuses until a reload", async () => {
  await using run = await guardRun(
    [
      { toolCalls: [{ name: "bash", args: { command: "echo first >> pwned.txt" } }] },
      { text: "one" },
      { toolCalls: [{ name: "bash", args: { command: "echo second >> pwned.txt" } }] },
      { text: "two" },
      { toolCalls: [{ name: "bash", args: { command: "echo third >> pwned.txt" } }] },
      { text: "three" },
    ],
    [{ name: "guard", dir: EXAMPLE_GUARD }],
  );
  await withTimeout(run.setup.agent.prompt("go"), 30_000, "the first run");
  assertEquals(await pwned(run), "first\n");
  const runner = descendants().filter((p) => p.cmdline.includes("__zot_sandbox_runner guard"));
  assertEquals(runner.length, 1, "one sandbox runner for the guard");
  Deno.kill(runner[0].pid, "SIGKILL");
  await withTimeout(
    (async () => {
      // Closed as soon as its output ends; how it ended is known a moment later, and the refusal
      // waits for that (bounded).
      while (run.setup.host?.status()[0].state !== "closed") {
        await new Promise((r) => setTimeout(r, 10));
      }
    })(),
    10_000,
    "the host to see the guard gone",
  );
  await withTimeout(run.setup.agent.prompt("again"), 30_000, "the second run");
  const [second] = lastResults(run);
  assertEquals(second.is_error, true);
  assertStringIncludes(textOf(second), "killed by SIGKILL");
  assertEquals(await pwned(run), "first\n");
  const report = await run.setup.reloadExtensions();
  assertEquals(report.errors, []);
  await withTimeout(run.setup.agent.prompt("after reload"), 30_000, "the third run");
  assertEquals(lastResults(run)[0].is_error, false);
  assertEquals(await pwned(run), "first\nthird\n");
});

Deno.test("fail closed: a guard that stops reading is cut off within the bound and its calls are refused", async () => {
  await using run = await guardRun(
    burst(
      8,
      (i) =>
        i === 1 ? { name: "bash", args: { command: "echo DEAF" } } : {
          name: "bash",
          args: { command: `echo ran-${i} >> pwned.txt`, pad: "x".repeat(64 << 10) },
        },
    ),
    [{ name: "pyguard", lang: "python", config: { deaf_on: "DEAF", events: ["tool_call"] } }],
    { timeouts: { interceptMs: 300 } },
  );
  const started = Date.now();
  await withTimeout(run.setup.agent.prompt("go"), 60_000, "the run");
  const results = lastResults(run);
  assertEquals(results.map((r) => r.is_error), [false, true, true, true, true, true, true, true]);
  assertStringIncludes(textOf(results[1]), "did not answer within 0.3 s");
  assertEquals(await pwned(run), "ran-0\n");
  assert(Date.now() - started < 30_000, "bounded");
});
