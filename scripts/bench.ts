/**
 * `deno task bench`: runs every scripts/bench/<area>.ts (each exports
 * `bench(): Promise<BenchRow[]>`) in one process and prints one table, so
 * ratios compare figures measured in the same run on the same machine.
 *
 * Usage: deno task bench [area...]
 *
 * @module
 */

import { basename, join } from "node:path";
import type { BenchFn, BenchRow } from "./bench/types.ts";

const dir = join(import.meta.dirname!, "bench");
const wanted = new Set(Deno.args);
const files = [...Deno.readDirSync(dir)]
  .map((e) => e.name)
  .filter((n) => n.endsWith(".ts") && n !== "types.ts" && !n.startsWith("_"))
  .filter((n) => wanted.size === 0 || wanted.has(basename(n, ".ts")))
  .sort();

const rows: BenchRow[] = [];
for (const file of files) {
  const area = basename(file, ".ts");
  console.error(`bench: ${area}…`);
  const started = performance.now();
  try {
    const mod = await import(join(dir, file)) as { bench?: BenchFn };
    if (typeof mod.bench !== "function") throw new Error("no exported bench() function");
    rows.push(...await mod.bench());
  } catch (e) {
    rows.push({ group: area, name: "(failed)", value: "-", note: String(e) });
  }
  console.error(`bench: ${area} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const head = ["group", "benchmark", "value", "note"];
const table = rows.map((r) => [r.group, r.name, r.value, r.note ?? ""]);
const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd();
console.log(
  `zot ${Deno.build.target}, ${navigator.hardwareConcurrency} cores, deno ${Deno.version.deno}`,
);
console.log(line(head));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const r of table) console.log(line(r));
