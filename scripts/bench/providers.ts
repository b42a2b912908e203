/**
 * Providers benchmark: time from spawning a Deno process to its first model
 * request arriving at a loopback fake server, for the default fetch
 * transport and for the official SDKs (what lazy loading would still pay on
 * the first request), against the floor of a process doing one bare fetch.
 * Compare rows with each other: absolute figures swing with machine load.
 *
 * @module
 */

import { join } from "node:path";
import { startFakeLlm } from "../../tests/helpers/fake_llm.ts";
import { fmtMs, median, quantile } from "./_stats.ts";
import type { BenchRow } from "./types.ts";

const probe = join(import.meta.dirname!, "_provider_probe.ts");
const config = join(import.meta.dirname!, "..", "..", "deno.json");

async function firstRequestMs(
  provider: string,
  transport: string,
  runs: number,
): Promise<number[]> {
  await using llm = await startFakeLlm({ script: () => ({ text: "ok" }) });
  const baseUrl = provider === "anthropic" ? llm.anthropicBaseUrl : llm.openaiBaseUrl;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--config", config, probe, provider, transport, baseUrl],
      stdout: "null",
      stderr: "null",
    }).spawn();
    await llm.request(i, 30_000);
    times.push(performance.now() - started);
    await child.status;
  }
  return times;
}

export async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const cases = [
    ["openai", "raw", 15],
    ["anthropic", "fetch", 15],
    ["openai", "fetch", 15],
    ["anthropic", "sdk", 5],
    ["openai", "sdk", 5],
  ] as const;
  for (const [provider, transport, runs] of cases) {
    await firstRequestMs(provider, transport, 1); // warm the module and code caches
    const times = await firstRequestMs(provider, transport, runs);
    rows.push({
      group: "providers",
      name: transport === "raw"
        ? "spawn → first request (bare fetch, the floor)"
        : `spawn → first ${provider} request (${transport})`,
      value: fmtMs(median(times)),
      note: `p90 ${fmtMs(quantile(times, 0.9))}, ${runs} runs${
        transport === "fetch" ? ", target ≤ 20 ms" : ""
      }`,
    });
  }
  return rows;
}
