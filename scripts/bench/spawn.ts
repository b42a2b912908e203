/**
 * What starting an extension's process costs zot itself: the time the
 * `spawn()` call holds zot's one thread, and the time until the child has
 * exited, for a plain spawn, the detached spawn extensions get today (Deno
 * calls setsid() in the child, which it can only do by forking), and the
 * alternative of a plain spawn of `setsid <command>` (the wrapper execs the
 * command in a new session, same pid). Measured from a process with a heap
 * the size of a running zot's, since forking copies its page tables.
 *
 * Not switched to the wrapper: until the wrapper has called setsid() the
 * child is still in zot's process group (a terminal's Ctrl-C reaches it, and
 * a group kill by the reaper misses it), it would move "executable not found"
 * from a spawn error to the wrapper's exit code and stderr, and it depends on
 * a `setsid` binary being installed. The figures here are what it would buy.
 *
 * @module
 */

import { fmtMs, median } from "./_stats.ts";
import type { BenchRow } from "./types.ts";

const SPAWNS = 20;
const SETSID = "/usr/bin/setsid";

type Variant = [label: string, start: () => Deno.ChildProcess];

function command(cmd: string, args: string[], detached: boolean): Deno.ChildProcess {
  return new Deno.Command(cmd, {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    detached,
  }).spawn();
}

export async function bench(): Promise<BenchRow[]> {
  // About the heap of a running zot (tens of MiB): forking copies the page tables of all of it.
  const ballast = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `x${i}` }));
  const variants: Variant[] = [
    ["plain spawn", () => command("/bin/true", [], false)],
    ["detached spawn (what extensions get)", () => command("/bin/true", [], true)],
  ];
  let haveSetsid = true;
  try {
    await Deno.stat(SETSID);
    variants.push(["plain spawn of setsid <command>", () => command(SETSID, ["/bin/true"], false)]);
  } catch {
    haveSetsid = false;
  }
  const call = new Map<string, number[]>(), exit = new Map<string, number[]>();
  for (let i = 0; i <= SPAWNS; i++) {
    for (const [label, start] of variants) {
      const t0 = performance.now();
      const child = start();
      const t1 = performance.now();
      await child.stdin.close();
      await child.output();
      if (i === 0) continue; // warm-up
      call.set(label, [...call.get(label) ?? [], t1 - t0]);
      exit.set(label, [...exit.get(label) ?? [], performance.now() - t0]);
    }
  }
  const rows: BenchRow[] = variants.map(([label]) => ({
    group: "spawn",
    name: `${label}: spawn() holds zot's thread`,
    value: fmtMs(median(call.get(label)!)),
    note: `until /bin/true exited ${fmtMs(median(exit.get(label)!))}`,
  }));
  if (!haveSetsid) rows.push({ group: "spawn", name: "setsid wrapper", value: "-", note: "none" });
  if (ballast.length === 0) throw new Error("unreachable: keeps the ballast alive");
  return rows;
}

if (import.meta.main) {
  for (const row of await bench()) {
    console.log(`${row.name}: ${row.value}${row.note ? ` (${row.note})` : ""}`);
  }
}
