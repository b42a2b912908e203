/**
 * Built-in tool costs: what a model's tool call pays before the result is
 * ready (read, edit, bash spawn, bash output throughput).
 *
 * @module
 */

import type { BenchRow } from "./types.ts";
import { fmtMs, median, quantile } from "./_stats.ts";
import type { Tool, ToolContext } from "../../src/model/types.ts";
import { createBuiltinTools } from "../../src/tools/mod.ts";

function context(cwd: string): ToolContext {
  return {
    cwd,
    signal: new AbortController().signal,
    callId: "bench",
    chain: [],
    interactive: false,
  };
}

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

function row(name: string, samples: number[], note?: string): BenchRow {
  const r: BenchRow = {
    group: "tools",
    name,
    value: `${fmtMs(median(samples))} (p90 ${fmtMs(quantile(samples, 0.9))})`,
  };
  if (note) r.note = note;
  return r;
}

export async function bench(): Promise<BenchRow[]> {
  const dir = await Deno.makeTempDir({ prefix: "zot-bench-tools-" });
  try {
    const ctx = context(dir);
    const tools = new Map<string, Tool>(
      createBuiltinTools({ cwd: dir, skills: [] }).map((t) => [t.name, t]),
    );
    const lines = Array.from({ length: 10_000 }, (_, i) => `line ${i} ${"x".repeat(60)}`);
    await Deno.writeTextFile(`${dir}/big.txt`, lines.join("\n"));
    const rows: BenchRow[] = [];
    const read = tools.get("read")!;
    rows.push(
      row(
        "read 10k-line file (first 2000 lines)",
        await time(30, () => read.execute({ path: "big.txt" }, ctx)),
      ),
    );
    rows.push(
      row(
        "read 10k-line file, offset 9000",
        await time(30, () => read.execute({ path: "big.txt", offset: 9000 }, ctx)),
      ),
    );
    const edit = tools.get("edit")!;
    let n = 0;
    rows.push(
      row(
        "edit 1 replacement in 650 KiB file (atomic write)",
        await time(30, () => {
          const from = `line 5000 ${n}`;
          const to = `line 5000 ${++n}`;
          return edit.execute({
            path: "big.txt",
            edits: [{ oldText: n === 1 ? "line 5000 " : from, newText: to }],
          }, ctx);
        }),
      ),
    );
    const bash = tools.get("bash")!;
    rows.push(
      row(
        "bash `true` (spawn to result)",
        await time(20, () => bash.execute({ command: "true" }, ctx)),
      ),
    );
    const big = await time(
      5,
      () =>
        bash.execute({ command: "head -c 20000000 /dev/zero | tr '\\0' 'a' | fold -w 100" }, ctx),
    );
    rows.push(
      row(
        "bash 20 MB of output (bounded head+tail)",
        big,
        `≈ ${(20 / (median(big) / 1000)).toFixed(0)} MB/s`,
      ),
    );
    return rows;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
