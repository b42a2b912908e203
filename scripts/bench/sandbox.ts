/**
 * Sandbox startup: time from spawn to the first stdout line (the `hello`
 * frame) of the same TypeScript extension, run through zot's sandbox runner
 * (the real launch plan) and run directly with
 * `deno run --no-prompt --allow-read=<dir>`. Medians of 15 warm runs each,
 * interleaved so machine noise hits both alike.
 *
 * @module
 */

import { join } from "node:path";
import { zotPaths } from "../../src/config/paths.ts";
import { planSandboxLaunch } from "../../src/sandbox/launch.ts";
import type { LaunchPlan } from "../../src/extensions/types.ts";
import { fmtMs, median } from "./_stats.ts";
import type { BenchRow } from "./types.ts";

const RUNS = 15;
const WARMUP = 3;

const EXT = `const enc = new TextEncoder();
Deno.stdout.writeSync(enc.encode(JSON.stringify({ type: "hello", name: "bench" }) + "\\n"));
for await (const _ of Deno.stdin.readable) { /* until EOF */ }
`;

/** Milliseconds from spawn to the first newline on stdout; then EOF ends the process. */
async function firstFrame(plan: LaunchPlan): Promise<number> {
  const started = performance.now();
  const child = new Deno.Command(plan.command, {
    args: plan.args,
    cwd: plan.cwd,
    env: plan.env,
    clearEnv: plan.clearEnv,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.getReader();
  let elapsed = NaN;
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    if (r.value.includes(10)) {
      elapsed = performance.now() - started;
      break;
    }
  }
  await child.stdin.close();
  await reader.cancel();
  await child.status;
  return elapsed;
}

export async function bench(): Promise<BenchRow[]> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bench-sandbox-" }));
  try {
    const dir = join(root, "ext");
    await Deno.mkdir(dir);
    await Deno.writeTextFile(join(dir, "main.ts"), EXT);
    const manifest = { name: "bench", exec: "./main.ts" };
    await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(manifest));
    const paths = zotPaths(root, join(root, "home"));
    const planned = await planSandboxLaunch({
      manifest: { ...manifest, enabled: true, raw: manifest },
      dir,
      manifestPath: join(dir, "extension.json"),
      kind: "explicit",
    }, { paths, explicit: true });
    if (!planned.ok) throw new Error(planned.error);
    const direct: LaunchPlan = {
      command: Deno.execPath(),
      args: ["run", "--no-prompt", "--no-config", `--allow-read=${dir}`, join(dir, "main.ts")],
      cwd: dir,
      sandboxed: false,
      dataDir: dir,
    };
    for (let i = 0; i < WARMUP; i++) {
      await firstFrame(planned.plan);
      await firstFrame(direct);
    }
    const sandboxed: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      sandboxed.push(await firstFrame(planned.plan));
      plain.push(await firstFrame(direct));
    }
    const s = median(sandboxed);
    const p = median(plain);
    return [
      { group: "sandbox", name: "spawn → hello, sandboxed (runner + worker)", value: fmtMs(s) },
      { group: "sandbox", name: "spawn → hello, plain deno run --allow-read", value: fmtMs(p) },
      {
        group: "sandbox",
        name: "sandboxed / plain",
        value: `${(s / p).toFixed(2)}×`,
        note: "target ≤ 1.5×",
      },
    ];
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  for (const row of await bench()) console.log(`${row.name}: ${row.value} ${row.note ?? ""}`);
}
