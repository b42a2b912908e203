/**
 * Subagent benchmarks: what delegating costs on top of the child's own
 * work. A real child zot (`deno run main.ts --json`) per run against the
 * fake LLM on loopback, driven by the supervisor with no extension host.
 *
 * - delegate → child's first model request (child start-up)
 * - delegate → outcome, child answering at once (whole round trip)
 * - cancel → runner returned (child aborting with SIGINT, group killed)
 *
 * @module
 */

import { join } from "node:path";
import { startFakeLlm } from "../../tests/helpers/fake_llm.ts";
import { SubagentSupervisor } from "../../src/agent/subagents/supervisor.ts";
import { childCommand, type ChildProfile } from "../../src/agent/subagents/command.ts";
import { fmtMs, median } from "./_stats.ts";
import type { BenchRow } from "./types.ts";

const RUNS = 6;

export async function bench(): Promise<BenchRow[]> {
  const root = await Deno.makeTempDir({ prefix: "zot-bench-subagents-" });
  let hang = false;
  await using llm = await startFakeLlm({
    script: () => (hang ? { hang: true } : { text: "done" }),
  });
  const profile: ChildProfile = {
    provider: "anthropic",
    model: "claude-bench",
    apiKey: "bench",
    baseUrl: llm.url,
    ext: [],
    noExt: true,
    noSkill: true,
    withSkills: false,
    maxSteps: 4,
    depth: 0,
    home: join(root, "home"),
  };
  const supervisor = new SubagentSupervisor({
    cwd: root,
    emit: () => {},
    sessionId: () => "bench",
    command: (tools) => childCommand(profile, tools),
  });
  const live = { signal: new AbortController().signal };
  const toRequest: number[] = [];
  const roundTrip: number[] = [];
  const cancel: number[] = [];
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      const t0 = performance.now();
      const run = supervisor.run({ task: "bench" }, live);
      await llm.nextRequest(30_000);
      const t1 = performance.now();
      const outcome = await run;
      const t2 = performance.now();
      if (outcome.status !== "completed") throw new Error(`bench child ${outcome.status}`);
      if (i === 0) continue; // the first run warms the module cache
      toRequest.push(t1 - t0);
      roundTrip.push(t2 - t0);
    }
    hang = true;
    for (let i = 0; i < RUNS; i++) {
      const controller = new AbortController();
      const run = supervisor.run({ task: "bench" }, { signal: controller.signal });
      await llm.nextRequest(30_000);
      const t0 = performance.now();
      controller.abort();
      await run;
      cancel.push(performance.now() - t0);
    }
  } finally {
    await supervisor.shutdown();
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
  return [
    {
      group: "subagents",
      name: "delegate → child's first model request",
      value: fmtMs(median(toRequest)),
      note: "child zot start-up under deno run",
    },
    {
      group: "subagents",
      name: "delegate → outcome (instant answer)",
      value: fmtMs(median(roundTrip)),
    },
    { group: "subagents", name: "cancel → runner returned", value: fmtMs(median(cancel)) },
  ];
}

if (import.meta.main) {
  for (const row of await bench()) {
    console.log(`${row.name}: ${row.value}${row.note ? ` (${row.note})` : ""}`);
  }
}
