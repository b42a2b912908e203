/**
 * Memory as extensions grow: RSS and PSS of an idle `zot --rpc` with its
 * whole process tree, with 0, 5 and 20 sandboxed TypeScript extensions
 * (each the bare handshake, so the figures are the runner's, not an SDK's),
 * against an idle bare `deno run` of a file holding a timer (the floor for
 * one Deno process), all in the same run. PSS splits shared pages between
 * the processes sharing them, so the tree's PSS is what it really costs the
 * machine; RSS counts shared pages once per process. It also lists the
 * modules a sandboxed runner evaluates besides the extension.
 *
 * @module
 */

import { join } from "node:path";
import { zotPaths } from "../../src/config/paths.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { DENO_RUN_FLAGS } from "../../src/self_exec.ts";
import { EXT, spawnToReady } from "./sandbox.ts";
import { median } from "./_stats.ts";
import type { BenchRow } from "./types.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
const COUNTS = [0, 5, 20];
/** Samples per figure, a settle of SETTLE_MS apart (idle memory drifts while V8 settles). */
const SAMPLES = 3;
const SETTLE_MS = 300;

interface Memory {
  rssKiB: number;
  pssKiB: number;
  processes: number;
}

function field(text: string, name: string): number {
  const m = text.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"));
  return m ? Number(m[1]) : 0;
}

/** `pid` and every process below it. */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${e.name}/stat`);
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e.name)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

function memoryOf(pids: number[]): Memory {
  let rssKiB = 0, pssKiB = 0;
  for (const pid of pids) {
    try {
      rssKiB += field(Deno.readTextFileSync(`/proc/${pid}/status`), "VmRSS");
      pssKiB += field(Deno.readTextFileSync(`/proc/${pid}/smaps_rollup`), "Pss");
    } catch {
      // gone meanwhile
    }
  }
  return { rssKiB, pssKiB, processes: pids.length };
}

async function settled(pid: () => number[]): Promise<Memory> {
  const rss: number[] = [], pss: number[] = [];
  let processes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const m = memoryOf(pid());
    rss.push(m.rssKiB);
    pss.push(m.pssKiB);
    processes = m.processes;
  }
  return { rssKiB: median(rss), pssKiB: median(pss), processes };
}

/** Spawn `deno run <file>`, wait for its "up" line, measure it idle, kill it. */
async function idleDeno(root: string, file: string, source: string): Promise<Memory> {
  await Deno.writeTextFile(file, source);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", file],
    cwd: root,
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let seen = "";
    while (!seen.includes("up\n")) {
      const r = await lines.read();
      if (r.done) throw new Error(`${file} ended before it was up`);
      seen += r.value;
    }
    return await settled(() => [child.pid]);
  } finally {
    child.kill("SIGKILL");
    await lines.cancel().catch(() => {});
    await child.status;
  }
}

/** An idle bare Deno process holding a timer. */
function floor(root: string): Promise<Memory> {
  return idleDeno(root, join(root, "idle.ts"), 'setInterval(() => {}, 1e9);\nconsole.log("up");\n');
}

/**
 * One Deno process hosting `n` idle Workers (each holding a timer), the shape
 * a shared runner would have: what it would save against one process per
 * extension. Not what zot does (see the isolation note in docs/sandbox.md).
 */
function workersInOne(root: string, n: number): Promise<Memory> {
  const worker = `data:text/javascript,${
    encodeURIComponent("setInterval(() => {}, 1e9); postMessage(1);")
  }`;
  return idleDeno(
    root,
    join(root, `workers-${n}.ts`),
    `let up = 0;
const started = () => { if (++up >= ${n}) console.log("up"); };
for (let i = 0; i < ${n}; i++) {
  new Worker(${JSON.stringify(worker)}, { type: "module" }).onmessage = started;
}
if (${n} === 0) console.log("up");
setInterval(() => {}, 1e9);
`,
  );
}

/** Idle `zot --rpc` with `dirs` as sandboxed extensions, measured once every one is ready. */
async function idleRpc(root: string, dirs: string[]): Promise<Memory> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      ...DENO_RUN_FLAGS,
      "--config",
      join(ROOT, "deno.json"),
      join(ROOT, "main.ts"),
      "--rpc",
      "--no-session",
      ...dirs.flatMap((d) => ["--ext", d]),
    ],
    cwd: root,
    env: { ZOT_HOME: join(root, "home"), ANTHROPIC_API_KEY: "bench" },
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    // The RPC loop reads commands only after every extension is ready.
    await writer.write(new TextEncoder().encode(JSON.stringify({ type: "ping", id: "1" }) + "\n"));
    let seen = "";
    while (!seen.includes('"id":"1"')) {
      const r = await lines.read();
      if (r.done) throw new Error("zot --rpc ended before answering ping");
      seen += r.value;
    }
    return await settled(() => tree(child.pid));
  } finally {
    await writer.close().catch(() => {});
    await lines.cancel().catch(() => {});
    await child.status;
  }
}

/** The modules a sandboxed runner evaluates for the handshake-only extension in `dir`. */
async function runnerModules(root: string, dir: string): Promise<string[]> {
  const manifest = { name: "bench-0", exec: "./main.ts" };
  const planned = await planSandboxLaunch({
    manifest: { ...manifest, enabled: true, raw: manifest },
    dir,
    manifestPath: join(dir, "extension.json"),
    kind: "explicit",
  }, { paths: zotPaths(root, join(root, "home")), explicit: true, worker: false });
  if (!planned.ok) throw new Error(planned.error);
  const args = [...planned.plan.args];
  const run = args.indexOf("run");
  args.splice(run + 1, 0, "-L", "debug");
  const log = join(root, "runner.log");
  // The debug log goes to stderr; the runner's plan discards it, so capture it through sh.
  const plan = {
    ...planned.plan,
    command: "/bin/sh",
    args: ["-c", 'exec "$@" 2>"$0"', log, planned.plan.command, ...args],
  };
  await spawnToReady(plan);
  const text = await Deno.readTextFile(log);
  const found = new Set<string>();
  for (const m of text.matchAll(/for ES module: (\S+?),/g)) found.add(m[1]);
  return [...found].filter((m) => m.startsWith("file:")).map((m) =>
    m.startsWith(`file://${ROOT}/`)
      ? m.slice(`file://${ROOT}/`.length)
      : m.slice(m.lastIndexOf("/") + 1)
  );
}

const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

export async function bench(): Promise<BenchRow[]> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bench-memory-" }));
  try {
    const dirs: string[] = [];
    for (let i = 0; i < Math.max(...COUNTS); i++) {
      const dir = join(root, `bench-${i}`);
      await Deno.mkdir(dir);
      await Deno.writeTextFile(join(dir, "main.ts"), EXT.replace('"bench"', `"bench-${i}"`));
      const manifest = { name: `bench-${i}`, version: "1.0.0", exec: "./main.ts" };
      await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(manifest));
      dirs.push(dir);
    }
    const bare = await floor(root);
    const byCount = new Map<number, Memory>();
    for (const n of COUNTS) byCount.set(n, await idleRpc(root, dirs.slice(0, n)));
    const zero = byCount.get(0)!;
    const rows: BenchRow[] = [
      {
        group: "memory",
        name: "idle bare deno run holding a timer (the floor)",
        value: mib(bare.rssKiB),
        note: `PSS ${mib(bare.pssKiB)}`,
      },
    ];
    for (const n of COUNTS) {
      const m = byCount.get(n)!;
      rows.push({
        group: "memory",
        name: `idle zot --rpc + ${n} sandboxed extensions, whole tree`,
        value: `${mib(m.rssKiB)} RSS`,
        note: `PSS ${mib(m.pssKiB)}, ${m.processes} processes${n === 0 ? ", target ≤ 35 MiB" : ""}`,
      });
      if (n === 0) continue;
      const rss = (m.rssKiB - zero.rssKiB) / n;
      const pss = (m.pssKiB - zero.pssKiB) / n;
      rows.push({
        group: "memory",
        name: `per sandboxed extension (of ${n})`,
        value: `${mib(rss)} RSS`,
        note: `PSS ${mib(pss)}; ${(rss / bare.rssKiB).toFixed(2)}× the floor's RSS, target ≤ 1.2×`,
      });
    }
    const one = await workersInOne(root, 0);
    for (const n of [5, 20]) {
      const m = await workersInOne(root, n);
      rows.push({
        group: "memory",
        name: `one process hosting ${n} idle Workers (not zot's design)`,
        value: `${mib(m.rssKiB)} RSS`,
        note: `PSS ${mib(m.pssKiB)}; ${mib((m.rssKiB - one.rssKiB) / n)} RSS per Worker`,
      });
    }
    const modules = await runnerModules(root, dirs[0]);
    rows.push({
      group: "memory",
      name: "modules a sandboxed runner evaluates",
      value: String(modules.length),
      note: modules.join(", "),
    });
    return rows;
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  for (const row of await bench()) {
    console.log(`${row.name}: ${row.value}${row.note ? ` (${row.note})` : ""}`);
  }
}
