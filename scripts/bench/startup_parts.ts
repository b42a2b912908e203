/**
 * Where the start-up of `zot -p` goes, in parts that bare Deno programs
 * measure from inside (performance.now, no process start in the figure), so
 * the rows of startup.ts can be read against what any Deno program pays:
 *
 * - Deno's own set-up of `fetch`: the first request of a process against a
 *   later one to the same fake model (both on a fresh connection);
 * - zot's modules: the files a `zot -p` run evaluates, loaded and evaluated
 *   in one go with zot's config and flags, none of its code run;
 * - a process start, for the extension rows: `/bin/true` from Deno, and the
 *   same in a session of its own, as zot starts each extension (through
 *   `setsid` on Linux);
 * - what zot's own process spends on each further extension: the CPU time
 *   of zot alone (its threads, not its children), read by a module
 *   preloaded into it as it ends, with 4 sh extensions against 1.
 *
 * @module
 */

import { join } from "node:path";
import { startFakeLlm } from "../../tests/helpers/fake_llm.ts";
import { loadedModules, zotFiles } from "../../tests/helpers/loaded_modules.ts";
import { DENO_RUN_FLAGS } from "../../src/self_exec.ts";
import { inOwnSession } from "../../src/own_session.ts";
import { fmtMs, median } from "./_stats.ts";
import { shExtensions, zot } from "./startup.ts";
import type { BenchRow } from "./types.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
const RUNS = Number(Deno.env.get("ZOT_BENCH_RUNS")) || 10;

/** Two requests, each on a fresh connection; prints their times to the response headers. */
const TWO_FETCHES = `const body = JSON.stringify({ model: "m", max_tokens: 8, stream: true,
  messages: [{ role: "user", content: "hi" }] });
async function once() {
  const client = Deno.createHttpClient({});
  const started = performance.now();
  const res = await fetch(Deno.args[0] + "/v1/messages", {
    method: "POST", client,
    headers: { "content-type": "application/json", "x-api-key": "bench" }, body,
  });
  const ms = performance.now() - started;
  await res.body?.cancel();
  client.close();
  return ms;
}
const first = await once();
const later = await once();
console.log(JSON.stringify({ first, later }));
`;

/** Loads and evaluates the module named in its argument (one that imports the files measured). */
const LOAD = `const started = performance.now();
await import(Deno.args[0]);
console.log(JSON.stringify({ ms: performance.now() - started }));
`;

/** Median time of spawning argv and awaiting its exit, over 10 spawns after one to warm up. */
const SPAWN = `const { command, args, detached } = JSON.parse(Deno.args[0]);
const run = () =>
  new Deno.Command(command, { args, detached, stdin: "null", stdout: "null", stderr: "null" })
    .spawn().status;
await run();
const times = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await run();
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ ms: times[5] }));
`;

/**
 * Preloaded into zot: at its end, the CPU time of zot's own process (user and system, every
 * thread; children not counted) on stderr.
 */
const OWN_CPU = `import process from "node:process";
globalThis.addEventListener("unload", () => {
  const { user, system } = process.cpuUsage();
  Deno.stderr.writeSync(new TextEncoder().encode("zot-cpu-ms " + (user + system) / 1000 + "\\n"));
});
`;

/** zot's own CPU milliseconds in one run of `argv` (with the OWN_CPU module preloaded). */
async function ownCpu(argv: string[], env: Record<string, string>, cwd: string): Promise<number> {
  const out = await new Deno.Command(argv[0], {
    args: argv.slice(1),
    cwd,
    env,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  const m = err.match(/^zot-cpu-ms (\S+)$/m);
  if (!out.success || !m) throw new Error(`zot failed or said no CPU time: ${err.slice(0, 500)}`);
  return Number(m[1]);
}

async function runJson(
  script: string,
  args: string[],
  options: { cwd: string; config?: boolean },
): Promise<Record<string, number>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      ...DENO_RUN_FLAGS,
      ...(options.config ? ["--config", join(ROOT, "deno.json")] : ["--no-config"]),
      script,
      ...args,
    ],
    cwd: options.cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout).trim();
  if (!out.success) {
    throw new Error(`${script} failed: ${new TextDecoder().decode(out.stderr).slice(0, 500)}`);
  }
  return JSON.parse(text);
}

export async function bench(): Promise<BenchRow[]> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bench-parts-" }));
  await using llm = await startFakeLlm({ script: () => ({ text: "hi" }) });
  try {
    const scripts = {
      fetch: "two_fetches.ts",
      load: "load.ts",
      modules: "modules.ts",
      spawn: "spawn.ts",
      cpu: "own_cpu.ts",
    };
    await Deno.writeTextFile(join(root, scripts.cpu), OWN_CPU);
    await Deno.writeTextFile(join(root, scripts.fetch), TWO_FETCHES);
    await Deno.writeTextFile(join(root, scripts.load), LOAD);
    await Deno.writeTextFile(join(root, scripts.spawn), SPAWN);
    const home = join(root, "home");
    const graph = await loadedModules(["-p", "hi", "--base-url", llm.url, "--no-session"], {
      cwd: root,
      home,
    });
    await llm.nextRequest(5_000).catch(() => {});
    const files = zotFiles(graph.modules);
    if (files.length === 0) throw new Error("no modules of zot found in a -p run's log");
    const imports = files.map((f) => `import "${new URL(f, `file://${ROOT}/`).href}";\n`);
    await Deno.writeTextFile(join(root, scripts.modules), imports.join(""));
    const modules = new URL(`file://${join(root, scripts.modules)}`).href;
    const plain = JSON.stringify({ command: "/bin/true", args: [], detached: false });
    const ownSession = JSON.stringify(inOwnSession("/bin/true", []));

    const extDirs = await shExtensions(root, 4);
    const env = { ZOT_HOME: home, ANTHROPIC_API_KEY: "bench", NO_COLOR: "1" };
    const withExtensions = (dirs: string[]) => {
      const argv = zot(
        "-p",
        "hi",
        "--base-url",
        llm.url,
        "--no-session",
        ...dirs.flatMap((d) => ["--ext", d]),
      );
      // The preload goes among deno's own flags, before the main module.
      return [argv[0], "run", "--preload", join(root, scripts.cpu), ...argv.slice(2)];
    };

    const fetchInit: number[] = [], load: number[] = [], spawn: number[] = [], session = [];
    const cpuOne: number[] = [], cpuFour: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const f = await runJson(join(root, scripts.fetch), [llm.url], { cwd: root });
      await llm.nextRequest(5_000);
      await llm.nextRequest(5_000);
      const l = await runJson(join(root, scripts.load), [modules], {
        cwd: root,
        config: true,
      });
      const s = await runJson(join(root, scripts.spawn), [plain], { cwd: root });
      const ss = await runJson(join(root, scripts.spawn), [ownSession], { cwd: root });
      const one = await ownCpu(withExtensions(extDirs.slice(0, 1)), env, root);
      await llm.nextRequest(5_000);
      const four = await ownCpu(withExtensions(extDirs), env, root);
      await llm.nextRequest(5_000);
      if (i === 0) continue; // round 0 warms the module and code caches
      fetchInit.push(f.first - f.later);
      load.push(l.ms);
      spawn.push(s.ms);
      session.push(ss.ms);
      cpuOne.push(one);
      cpuFour.push(four);
    }
    const row = (name: string, value: string, note?: string): BenchRow => ({
      group: "startup parts",
      name,
      value,
      ...(note ? { note } : {}),
    });
    return [
      row(
        "Deno's own set-up of fetch: a first request over a later one",
        fmtMs(median(fetchInit)),
        "paid by the -p floor too",
      ),
      row(
        `zot's -p modules (${files.length} files), loaded and evaluated in one go`,
        fmtMs(median(load)),
        "zot's share of a -p run before its own code runs",
      ),
      row("a process start from Deno (/bin/true, spawn to exit)", fmtMs(median(spawn))),
      row(
        "the same in a session of its own, as zot starts each extension",
        fmtMs(median(session)),
        JSON.parse(ownSession).detached ? "Deno's detached" : "through setsid",
      ),
      row(
        "zot's own CPU per further extension (4 sh extensions against 1)",
        fmtMs((median(cpuFour) - median(cpuOne)) / 3),
        `zot's process alone, its children not counted; ${fmtMs(median(cpuOne))} with 1`,
      ),
    ];
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  for (const row of await bench()) {
    console.log(`${row.name}: ${row.value}${row.note ? ` (${row.note})` : ""}`);
  }
}
