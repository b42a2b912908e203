/**
 * Agent benchmarks.
 *
 * 1. Loop overhead per step: a run of N tool steps against the fake LLM
 *    server through the real provider, with no extension and with 4
 *    extensions subscribed to every lifecycle event. The difference per step
 *    is what extensions add to the loop (target < 2 ms). An in-process
 *    instant provider gives the loop's own cost with no HTTP at all.
 * 2. `zot -p hi` from process spawn to the first model request arriving at
 *    the fake server (median of 10; the Go zot does 13 ms).
 *
 * @module
 */

import { join } from "node:path";
import { startFakeLlm } from "../../tests/helpers/fake_llm.ts";
import { createSetup } from "../../src/modes/common/setup.ts";
import { defaultFlags } from "../../src/modes/common/flags.ts";
import { SILENT_UI } from "../../src/extensions/ui.ts";
import { Agent } from "../../src/agent/loop.ts";
import { Session } from "../../src/agent/session.ts";
import { ToolRegistry } from "../../src/agent/tool_registry.ts";
import type { Provider, StreamEvent } from "../../src/providers/types.ts";
import type { Tool } from "../../src/model/types.ts";
import { fmtMs, median } from "./_stats.ts";
import type { BenchRow } from "./types.ts";
import { PYTHON } from "../../tests/helpers/python.ts";
import { DENO_RUN_FLAGS } from "../../src/self_exec.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
const RECORDER = join(ROOT, "tests", "agent", "fixtures", "recorder.py");
const EVENTS = [
  "session_start",
  "session_end",
  "user_prompt_submit",
  "turn_start",
  "turn_end",
  "tool_call",
  "permission_decision",
  "tool_result",
  "assistant_message",
];
const STEPS = 20;
const RUNS = 5;

/** The real interpreter behind `python3` (tests/helpers/python.ts). */
function python(): Promise<string> {
  return Promise.resolve(PYTHON);
}

/** Median ms per step of a STEPS-step tool loop, with `extensions` subscribers. */
async function perStep(extensions: number, py: string): Promise<number> {
  const root = await Deno.makeTempDir({ prefix: "zot-bench-agent-" });
  const home = join(root, "home");
  const cwd = join(root, "project");
  await Deno.mkdir(cwd, { recursive: true });
  const dirs: string[] = [];
  for (let i = 0; i < extensions; i++) {
    const dir = join(root, `ext${i}`);
    await Deno.mkdir(dir);
    const config = { name: `sub${i}`, record: "/dev/null", events: EVENTS };
    await Deno.writeTextFile(
      join(dir, "extension.json"),
      JSON.stringify({ name: `sub${i}`, exec: py, args: [RECORDER, JSON.stringify(config)] }),
    );
    dirs.push(dir);
  }
  let turn = 0;
  await using llm = await startFakeLlm({
    script: () =>
      turn++ % (STEPS + 1) === STEPS
        ? { text: "done" }
        : { toolCalls: [{ name: "read", args: { path: "f.txt" } }] },
  });
  await Deno.writeTextFile(join(cwd, "f.txt"), "x\n");
  const setup = await createSetup({
    mode: "print",
    flags: {
      ...defaultFlags(),
      ext: dirs,
      noExt: true,
      noSession: true,
      baseUrl: llm.url,
      apiKey: "bench",
      provider: "anthropic",
    },
    ui: SILENT_UI,
    cwd,
    env: (n) => (n === "ZOT_HOME" ? home : undefined),
    warn: () => {},
  });
  const times: number[] = [];
  try {
    await setup.agent.prompt("warm up");
    for (let i = 0; i < RUNS; i++) {
      setup.agent.clear();
      const t0 = performance.now();
      await setup.agent.prompt("go");
      times.push((performance.now() - t0) / (STEPS + 1));
    }
  } finally {
    await setup.shutdown();
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
  return median(times);
}

/** The loop alone: an instant in-process provider and a no-op tool. */
async function loopOnly(): Promise<number> {
  let n = 0;
  const provider: Provider = {
    id: "anthropic",
    async *stream(): AsyncIterable<StreamEvent> {
      const last = n++ % (STEPS + 1) === STEPS;
      yield {
        type: "done",
        message: {
          role: "assistant",
          content: last
            ? [{ type: "text", text: "done" }]
            : [{ type: "tool_call", id: `c${n}`, name: "noop", args: {} }],
          stop: last ? "end_turn" : "tool_use",
        },
      };
    },
  };
  const tool: Tool = {
    name: "noop",
    description: "nothing",
    schema: { type: "object" },
    execute: () => Promise.resolve({ content: [{ type: "text", text: "ok" }] }),
  };
  const agent = new Agent({
    provider,
    model: "m",
    registry: new ToolRegistry([tool]),
    session: await Session.create({ cwd: "/", provider: "anthropic", model: "m" }),
    basePrompt: () => "prompt",
  });
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    agent.clear();
    const t0 = performance.now();
    await agent.prompt("go");
    times.push((performance.now() - t0) / (STEPS + 1));
  }
  return median(times);
}

/** `deno` arguments that run zot with `args`, as `deno task zot` does. */
function zotArgs(...args: string[]): string[] {
  return [
    "run",
    "-A",
    ...DENO_RUN_FLAGS,
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "main.ts"),
    ...args,
  ];
}

/** Spawn → first model request of `zot -p hi [extra]`, median of `runs`. */
async function startToRequest(runs: number, extra: string[] = []): Promise<number> {
  const root = await Deno.makeTempDir({ prefix: "zot-bench-start-" });
  await using llm = await startFakeLlm({ script: () => ({ text: "hi" }) });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const t0 = performance.now();
      const child = new Deno.Command(Deno.execPath(), {
        args: zotArgs("-p", "hi", "--base-url", llm.url, "--no-session", ...extra),
        cwd: root,
        env: { ZOT_HOME: join(root, "home"), ANTHROPIC_API_KEY: "bench" },
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      await llm.nextRequest(30_000);
      const elapsed = performance.now() - t0;
      await child.status;
      if (i > 0) times.push(elapsed); // the first run warms the module cache
    }
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
  return median(times);
}

/** Spawn → exit of `zot <flag>` (--version, --help): Deno start plus what the CLI loads for it. */
async function flagRun(runs: number, flag: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    await new Deno.Command(Deno.execPath(), {
      args: zotArgs(flag),
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    if (i > 0) times.push(performance.now() - t0);
  }
  return median(times);
}

export async function bench(): Promise<BenchRow[]> {
  const py = await python();
  const loop = await loopOnly();
  const none = await perStep(0, py);
  const four = await perStep(4, py);
  const start = await startToRequest(10);
  const startSdk = await startToRequest(10, ["--transport", "sdk"]);
  const version = await flagRun(10, "--version");
  const help = await flagRun(10, "--help");
  return [
    { group: "agent", name: "loop only, per step (instant provider)", value: fmtMs(loop) },
    { group: "agent", name: "step via fake LLM, 0 extensions", value: fmtMs(none) },
    { group: "agent", name: "step via fake LLM, 4 subscribers to every event", value: fmtMs(four) },
    {
      group: "agent",
      name: "added per step by 4 subscribers",
      value: fmtMs(Math.max(0, four - none)),
      note: "target < 2 ms",
    },
    { group: "agent", name: "zot --version: spawn → exit (reference)", value: fmtMs(version) },
    { group: "agent", name: "zot --help: spawn → exit", value: fmtMs(help) },
    {
      group: "agent",
      name: "zot -p: spawn → first model request",
      value: fmtMs(start),
      note: "target ≤ 20 ms; Go zot 13 ms",
    },
    {
      group: "agent",
      name: "zot -p --transport sdk: spawn → first model request",
      value: fmtMs(startSdk),
      note: "the official SDK, opt-in",
    },
  ];
}

if (import.meta.main) {
  for (const row of await bench()) {
    console.log(`${row.name}: ${row.value}${row.note ? ` (${row.note})` : ""}`);
  }
}
