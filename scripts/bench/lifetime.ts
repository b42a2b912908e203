/**
 * What keeping extensions from outliving zot, and confining `run` grants,
 * costs at start-up: the reaper's sentinel (started with the first extension
 * of a run, stopped after the last) and the bubblewrap wrap of a runner whose
 * scope grants `run`, against the same runner without it, and with network
 * hosts in the scope (the wrap then runs inside the OS sandbox, with its proxy;
 * planned afresh each start, as zot does). Medians of 15 warm runs,
 * interleaved.
 *
 * @module
 */

import { join } from "node:path";
import { zotPaths } from "../../src/config/paths.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { GroupReaper } from "../../src/process_reaper.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { EXT, spawnToReady } from "./sandbox.ts";
import { fmtMs, median } from "./_stats.ts";
import type { BenchRow } from "./types.ts";
import { validateFields } from "../../src/extensions/manifest_fields.ts";

const RUNS = 15;
const WARMUP = 3;

/** Milliseconds to start the sentinel and hand it one group, and to stop it again. */
async function reaperCycle(pgid: number): Promise<[number, number]> {
  const reaper = new GroupReaper({ label: "bench" });
  const t0 = performance.now();
  reaper.add(pgid);
  await reaper.written;
  const t1 = performance.now();
  await reaper.remove(pgid);
  return [t1 - t0, performance.now() - t1];
}

export async function bench(): Promise<BenchRow[]> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bench-lifetime-" }));
  // A stand-in group for the sentinel to list; it is never signalled.
  const sleeper = new Deno.Command("sleep", { args: ["600"], detached: true }).spawn();
  try {
    const paths = zotPaths(root, join(root, "home"));
    const prepare = async (name: string, scope?: unknown) => {
      const dir = join(root, name);
      await Deno.mkdir(dir);
      await Deno.writeTextFile(join(dir, "main.ts"), EXT);
      const manifest = { name, exec: "./main.ts", ...(scope ? { scope } : {}) };
      await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(manifest));
      return async () => {
        const t0 = performance.now();
        const planned = await planSandboxLaunch({
          manifest: loaded(manifest),
          dir,
          manifestPath: join(dir, "extension.json"),
          kind: "explicit",
        }, { paths, explicit: true });
        if (!planned.ok) throw new Error(planned.error);
        const planning = performance.now() - t0;
        try {
          return planning + await spawnToReady(planned.plan);
        } finally {
          await planned.plan.release?.();
        }
      };
    };
    const plain = await prepare("plain");
    const confined = await prepare("confined", { run: ["uname"] });
    const proxied = await prepare("proxied", { run: ["uname"], net: ["example.com"] });
    for (let i = 0; i < WARMUP; i++) {
      await reaperCycle(sleeper.pid);
      for (const start of [plain, confined, proxied]) await start();
    }
    const start: number[] = [];
    const stop: number[] = [];
    const without: number[] = [];
    const wrapped: number[] = [];
    const hosts: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const [a, b] = await reaperCycle(sleeper.pid);
      start.push(a);
      stop.push(b);
      without.push(await plain());
      wrapped.push(await confined());
      hosts.push(await proxied());
    }
    const w = median(wrapped);
    const p = median(without);
    const h = median(hosts);
    return [
      {
        group: "lifetime",
        name: "reaper sentinel: start and list a group",
        value: fmtMs(median(start)),
        note: "once per run, with the first extension",
      },
      { group: "lifetime", name: "reaper sentinel: stop", value: fmtMs(median(stop)) },
      { group: "lifetime", name: "spawn → ready, sandboxed, no run grant", value: fmtMs(p) },
      {
        group: "lifetime",
        name: "spawn → ready, sandboxed with a run grant (bubblewrap)",
        value: fmtMs(w),
        note: `+${fmtMs(w - p)}`,
      },
      {
        group: "lifetime",
        name: "spawn → ready, run grant and hosts (bubblewrap in the OS sandbox)",
        value: fmtMs(h),
        note: `+${fmtMs(h - p)}; planning included in all three`,
      },
    ];
  } finally {
    await resetOsSandbox();
    sleeper.kill("SIGKILL");
    await sleeper.status;
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
