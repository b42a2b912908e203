/**
 * Sandbox startup: time from spawn to the `ready` frame of the same
 * TypeScript extension (it sends `hello`, waits for zot's `hello_ack`, sends
 * `ready`), run through zot's sandbox runner (the real launch plan: under
 * `deno run` the scope as the process's permission flags), through the
 * Worker runner a compiled zot uses (for reference), and directly with
 * `deno run --no-prompt --allow-read=<dir>`. Medians of 15 warm runs each,
 * interleaved so machine noise hits all alike.
 *
 * @module
 */

import { join } from "node:path";
import { zotPaths } from "../../src/config/paths.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import type { LaunchPlan } from "../../src/extensions/types.ts";
import { fmtMs, median } from "./_stats.ts";
import type { BenchRow } from "./types.ts";
import { validateFields } from "../../src/extensions/manifest_fields.ts";

const RUNS = 15;
const WARMUP = 3;

// The handshake and nothing else, so the figures are the runner's cost, not an SDK's.
export const EXT = `const enc = new TextEncoder();
const dec = new TextDecoder();
const send = (frame) => Deno.stdout.writeSync(enc.encode(JSON.stringify(frame) + "\\n"));
send({ type: "hello", name: "bench", version: "1.0.0", capabilities: [] });
const buf = new Uint8Array(65536);
let input = "";
while (!input.includes("\\n")) {
  const n = await Deno.stdin.read(buf);
  if (n === null) Deno.exit(0);
  input += dec.decode(buf.subarray(0, n));
}
send({ type: "ready" }); // after hello_ack: a real extension registers here
while (await Deno.stdin.read(buf) !== null) { /* until EOF */ }
`;

const HELLO_ACK = JSON.stringify({
  type: "hello_ack",
  protocol_version: 1,
  capabilities: ["call_tool"],
  zot_version: "bench",
  provider: "anthropic",
  model: "bench",
}) + "\n";

/** Milliseconds from spawn to the `ready` frame (answering `hello`); then EOF ends the process. */
export async function spawnToReady(plan: LaunchPlan): Promise<number> {
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
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const writer = child.stdin.getWriter();
  let elapsed = NaN;
  let pending = "";
  reading: for (;;) {
    const r = await reader.read();
    if (r.done) break;
    pending += r.value;
    for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
      const frame = JSON.parse(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
      if (frame.type === "hello") await writer.write(new TextEncoder().encode(HELLO_ACK));
      if (frame.type === "ready") {
        elapsed = performance.now() - started;
        break reading;
      }
    }
  }
  await writer.close();
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
    const plan = async (worker: boolean) => {
      const planned = await planSandboxLaunch({
        manifest: loaded(manifest),
        dir,
        manifestPath: join(dir, "extension.json"),
        kind: "explicit",
      }, { paths, explicit: true, worker });
      if (!planned.ok) throw new Error(planned.error);
      return planned.plan;
    };
    const runner = await plan(false);
    const workerRunner = await plan(true);
    const direct: LaunchPlan = {
      command: Deno.execPath(),
      args: ["run", "--no-prompt", "--no-config", `--allow-read=${dir}`, join(dir, "main.ts")],
      cwd: dir,
      sandboxed: false,
      dataDir: dir,
    };
    for (let i = 0; i < WARMUP; i++) {
      for (const p of [runner, workerRunner, direct]) await spawnToReady(p);
    }
    const sandboxed: number[] = [];
    const worker: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      sandboxed.push(await spawnToReady(runner));
      worker.push(await spawnToReady(workerRunner));
      plain.push(await spawnToReady(direct));
    }
    const s = median(sandboxed);
    const p = median(plain);
    return [
      { group: "sandbox", name: "spawn → ready, sandboxed (zot's runner)", value: fmtMs(s) },
      {
        group: "sandbox",
        name: "spawn → ready, sandboxed in a Worker",
        value: fmtMs(median(worker)),
        note: "the compiled binary's runner",
      },
      { group: "sandbox", name: "spawn → ready, plain deno run --allow-read", value: fmtMs(p) },
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

/** The manifest as zot's loader parses it. */
function loaded(raw: Record<string, unknown>) {
  const fields = validateFields(raw);
  if (!fields.ok) throw new Error(fields.problem);
  return fields.manifest;
}
