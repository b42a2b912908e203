/**
 * Extension process benchmarks: spawn-to-ready per language (median of
 * SPAWNS starts) and sequential `tool_call` → `tool_result` round trips at
 * the channel level (p50/p99 over ROUND_TRIPS calls). Uses the real fixture
 * extensions under tests/fixtures/extensions and a temp ZOT_HOME.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { zotPaths } from "../../src/config/paths.ts";
import type { ExtensionChannel, SpawnOptions } from "../../src/extensions/channel.ts";
import { nextRequestId } from "../../src/extensions/ids.ts";
import { spawnExtension } from "../../src/extensions/process/mod.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import type { BenchRow } from "./types.ts";

const FIXTURES = fileURLToPath(new URL("../../tests/fixtures/extensions/", import.meta.url));
const SPAWNS = 10;
/** Per language: stop sampling spawns after this long (python via pyenv is slow under load). */
const SPAWN_BUDGET_MS = 8_000;
const WARMUP = 500;
const ROUND_TRIPS = 10_000;

const SPAWN_CASES: [label: string, dir: string][] = [
  ["python", "hello-py"],
  ["node", "hello-node"],
  ["deno (plain)", "hello-deno"],
  ["sh", "hello-sh"],
];
const ECHO_CASES: [label: string, dir: string][] = [
  ["deno (plain)", "echo-deno"],
  ["node", "echo-node"],
  ["python", "echo-py"],
];

function source(dir: string): ExtensionSource {
  const path = join(FIXTURES, dir);
  const raw: Record<string, unknown> = JSON.parse(
    Deno.readTextFileSync(join(path, "extension.json")),
  );
  const text = (k: string) => (typeof raw[k] === "string" ? String(raw[k]) : undefined);
  return {
    manifest: {
      name: text("name") ?? dir,
      version: text("version"),
      exec: text("exec"),
      args: Array.isArray(raw.args) ? raw.args.map(String) : undefined,
      language: text("language"),
      enabled: true,
      raw,
    },
    dir: path,
    manifestPath: join(path, "extension.json"),
    kind: "global",
  };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function fmt(ms: number): string {
  return ms < 1 ? `${Math.round(ms * 1000)} µs` : `${ms.toFixed(1)} ms`;
}

async function start(dir: string, options: SpawnOptions): Promise<ExtensionChannel> {
  const result = await spawnExtension(source(dir), options);
  if (!result.ok) throw new Error(result.error);
  return result.channel;
}

async function spawnToReady(dir: string, options: SpawnOptions): Promise<number[]> {
  const samples: number[] = [];
  const budgetEnd = performance.now() + SPAWN_BUDGET_MS;
  while (samples.length < SPAWNS && (samples.length < 3 || performance.now() < budgetEnd)) {
    const t0 = performance.now();
    const channel = await start(dir, options);
    await channel.ready;
    samples.push(performance.now() - t0);
    await channel.stop(Date.now() + 2_000);
  }
  return samples;
}

async function roundTrips(dir: string, options: SpawnOptions): Promise<number[]> {
  const channel = await start(dir, options);
  try {
    await channel.ready;
    const call = () =>
      channel.request(
        { type: "tool_call", id: nextRequestId(), name: "echo", args: { text: "x" } },
        {
          timeoutMs: 10_000,
        },
      );
    for (let i = 0; i < WARMUP; i++) await call();
    const samples = new Array<number>(ROUND_TRIPS);
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const t0 = performance.now();
      await call();
      samples[i] = performance.now() - t0;
    }
    return samples;
  } finally {
    await channel.stop(Date.now() + 2_000);
  }
}

/**
 * The same echo exchange over bare pipes (no channel, no validation, no
 * queue): the floor the channel's figures are compared with.
 */
async function rawRoundTrips(dir: string): Promise<number[]> {
  const plan = source(dir);
  const child = new Deno.Command(plan.manifest.exec!, {
    args: plan.manifest.args,
    cwd: plan.dir,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.getReader();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let buffered = "";
  const line = async () => {
    while (true) {
      const lf = buffered.indexOf("\n");
      if (lf >= 0) {
        const text = buffered.slice(0, lf);
        buffered = buffered.slice(lf + 1);
        return text;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("echo fixture closed stdout");
      buffered += decoder.decode(value, { stream: true });
    }
  };
  const send = (frame: unknown) => writer.write(encoder.encode(JSON.stringify(frame) + "\n"));
  try {
    await line();
    await send({ type: "hello_ack", protocol_version: 1 });
    await line();
    await line();
    const samples: number[] = [];
    for (let i = 0; i < WARMUP + ROUND_TRIPS; i++) {
      const t0 = performance.now();
      await send({ type: "tool_call", id: String(i), name: "echo", args: { text: "x" } });
      JSON.parse(await line());
      if (i >= WARMUP) samples.push(performance.now() - t0);
    }
    return samples;
  } finally {
    await writer.close().catch(() => {});
    await child.status;
    reader.releaseLock();
    await child.stdout.cancel().catch(() => {});
  }
}

export async function bench(): Promise<BenchRow[]> {
  const root = await Deno.makeTempDir({ prefix: "zot-bench-process-" });
  const options: SpawnOptions = {
    paths: zotPaths(root, join(root, "home")),
    identity: { zotVersion: "bench", provider: "none", model: "none", cwd: root },
  };
  const rows: BenchRow[] = [];
  try {
    for (const [label, dir] of SPAWN_CASES) {
      const samples = await spawnToReady(dir, options);
      rows.push({
        group: "extensions",
        name: `spawn → ready, ${label}`,
        value: fmt(quantile(samples, 0.5)),
        note: `median of ${samples.length}`,
      });
    }
    for (const [label, dir] of ECHO_CASES) {
      const samples = await roundTrips(dir, options);
      rows.push({
        group: "extensions",
        name: `tool_call round trip p50, ${label}`,
        value: fmt(quantile(samples, 0.5)),
        note: "target ≤ 150 µs",
      });
      rows.push({
        group: "extensions",
        name: `tool_call round trip p99, ${label}`,
        value: fmt(quantile(samples, 0.99)),
        note: `${ROUND_TRIPS.toLocaleString("en-US")} sequential calls`,
      });
    }
    const raw = await rawRoundTrips("echo-node");
    rows.push({
      group: "extensions",
      name: "raw pipe round trip p50, node (no channel)",
      value: fmt(quantile(raw, 0.5)),
      note: `floor for comparison; p99 ${fmt(quantile(raw, 0.99))}`,
    });
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
  return rows;
}

if (import.meta.main) {
  for (const row of await bench()) console.log(`${row.name}: ${row.value} (${row.note ?? ""})`);
}
