/**
 * Tool calls per model reply are bounded: the calls past the bound are not
 * run and not shown to guards; each gets an error result saying why, so the
 * model can retry with fewer. The bound comes from `--max-tool-calls`, else
 * `maxToolCalls` in config.json, else 64.
 */

import { assert, assertEquals, assertStringIncludes, assertThrows } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { withTimeout } from "../helpers/wait.ts";
import { echoTool, recordingHooks, reply } from "./fakes.ts";
import { testAgent } from "./helpers.ts";
import { burst, guardRun } from "./guard_harness.ts";
import { parseRunArgs } from "../../src/cli/run_args.ts";
import { readSettings } from "../../src/config/settings.ts";
import type { ToolResultBlock } from "../../src/model/types.ts";

function calls(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: `c${i}`, name: "echo", args: { i } }));
}

function toolResults(messages: { role: string; content: unknown }[]): ToolResultBlock[] {
  const tool = messages.findLast((m) => m.role === "tool");
  return (tool?.content ?? []) as ToolResultBlock[];
}

Deno.test("bound: by default 64 calls of a 70-call reply run; 6 get an error naming the bound", async () => {
  const tool = echoTool();
  const hooks = recordingHooks();
  const t = await testAgent([() => reply("", calls(70)), () => reply("done")], {
    tools: [tool],
    hooks,
  });
  await t.agent.prompt("go");
  assertEquals(tool.calls.length, 64);
  const results = toolResults(t.agent.messages);
  assertEquals(results.length, 70);
  assertEquals(results.map((r) => r.call_id), calls(70).map((c) => c.id));
  const refused = results.filter((r) => r.is_error);
  assertEquals(refused.map((r) => r.call_id), ["c64", "c65", "c66", "c67", "c68", "c69"]);
  assertStringIncludes(
    JSON.stringify(refused[0].content),
    "this reply made 70 tool calls and zot runs at most 64 per reply",
  );
  // Guards and observers see only what runs.
  assertEquals(hooks.names().filter((n) => n === "tool_call").length, 64);
  assertEquals(hooks.names().filter((n) => n === "tool_result").length, 64);
  // The user's view shows every call and its result.
  assertEquals(t.events.filter((e) => e.type === "tool_result").length, 70);
});

Deno.test("bound: maxToolCalls 3 runs the first three calls only; a reply at the bound runs whole", async () => {
  const tool = echoTool();
  const t = await testAgent(
    [() => reply("", calls(5)), () => reply("", calls(3)), () => reply("done")],
    { tools: [tool], maxToolCalls: 3 },
  );
  await t.agent.prompt("go");
  assertEquals(tool.calls, [{ i: 0 }, { i: 1 }, { i: 2 }, { i: 0 }, { i: 1 }, { i: 2 }]);
  assertEquals(toolResults(t.agent.messages).filter((r) => r.is_error).length, 0);
  const first = t.agent.messages.filter((m) => m.role === "tool")[0];
  assert(first.role === "tool");
  assertEquals(first.content.map((r) => r.is_error), [false, false, false, true, true]);
});

Deno.test("bound: --max-tool-calls parses 1..100000 and refuses the rest", () => {
  assertEquals(parseRunArgs(["--max-tool-calls", "1000"])?.flags.maxToolCalls, 1000);
  for (const bad of ["0", "-1", "2.5", "x", "100001"]) {
    assertThrows(() => parseRunArgs(["--max-tool-calls", bad]), "is not a whole number from 1");
  }
});

Deno.test("bound: maxToolCalls in config.json is read; a bad value is ignored with a diagnostic", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/config.json`;
  await Deno.writeTextFile(path, JSON.stringify({ maxToolCalls: 5 }));
  assertEquals((await readSettings(path)).value.maxToolCalls, 5);
  for (const bad of [0, "64", 1.5, 1e9]) {
    await Deno.writeTextFile(path, JSON.stringify({ maxToolCalls: bad }));
    const read = await readSettings(path);
    assertEquals(read.value.maxToolCalls, undefined);
    assertStringIncludes(read.diagnostics.join("\n"), 'Ignoring "maxToolCalls"');
  }
});

Deno.test("bound: end to end, a real guard is asked only about the calls within --max-tool-calls", async () => {
  await using run = await guardRun(
    burst(5, (i) => ({ name: "bash", args: { command: `echo ${i} >> ran.txt` } })),
    [{ name: "pyguard", lang: "python" }],
    { flags: { maxToolCalls: 2 } },
  );
  await withTimeout(run.setup.agent.prompt("go"), 30_000, "the run");
  assertEquals(await Deno.readTextFile(`${run.cwd}/ran.txt`), "0\n1\n");
  assertEquals((await run.record("pyguard")).filter((l) => l.checked).length, 2);
  const request = run.llm.requests.at(-1)!;
  assertStringIncludes(JSON.stringify(request.body), "zot runs at most 2 per reply");
});

Deno.test("bound: maxToolCalls of config.json applies to a run; --max-tool-calls wins over it", async () => {
  const script = () =>
    burst(4, (i) => ({ name: "bash", args: { command: `echo ${i} >> ran.txt` } }));
  {
    await using run = await guardRun(script(), [], { config: { maxToolCalls: 1 } });
    await withTimeout(run.setup.agent.prompt("go"), 30_000, "the run");
    assertEquals(await Deno.readTextFile(`${run.cwd}/ran.txt`), "0\n");
  }
  await using run = await guardRun(script(), [], {
    config: { maxToolCalls: 1 },
    flags: { maxToolCalls: 3 },
  });
  await withTimeout(run.setup.agent.prompt("go"), 30_000, "the run");
  assertEquals(await Deno.readTextFile(`${run.cwd}/ran.txt`), "0\n1\n2\n");
});
