/**
 * Start-up of the hot paths, each against the floor of a bare `deno run` of
 * an empty file, measured in the same run and interleaved round by round so
 * the machine's noise hits all alike (medians of RUNS after a warm-up):
 * `zot --version`, `zot ext list`, `zot -p hi` against the fake model (spawn
 * → first model request, the whole run, peak RSS) for the default transport,
 * for `--transport sdk` and with 1 and 4 extensions (the first pays for the
 * host's code, the others only for their spawn), and the TUI's first frame on a
 * pseudo-terminal. It also counts the modules `zot -p` evaluates and those
 * the TUI evaluates before its first frame. A second
 * floor for `-p`: a bare Deno program doing the same I/O (zot's config and
 * import map, the SSE parser package, one streamed request), which shows
 * what zot's own code adds to what any Deno program pays for that answer.
 *
 * @module
 */

import { join } from "node:path";
import { startFakeLlm } from "../../tests/helpers/fake_llm.ts";
import { loadedModules, npmPackages, zotFiles } from "../../tests/helpers/loaded_modules.ts";
import { firstFrameModules } from "../../tests/helpers/first_frame_modules.ts";
import { DENO_RUN_FLAGS } from "../../src/self_exec.ts";
import { epochNow, firstOutput, measure, type Measured } from "./_measure.ts";
import { spawnToReady } from "./sandbox.ts";
import { fmtMs, median } from "./_stats.ts";
import type { BenchRow } from "./types.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
const HELLO_SH = join(ROOT, "tests", "fixtures", "extensions", "hello-sh");
/** Rounds per figure; ZOT_BENCH_RUNS lowers it for a quick look while iterating. */
const RUNS = Number(Deno.env.get("ZOT_BENCH_RUNS")) || 10;
const EXTENSIONS = 4;

/**
 * What any Deno program pays for a `-p` answer: zot's config and import map, the SSE parser
 * package, the API key from the environment, one streamed request to the fake model, the text
 * printed. Nothing of zot's own code.
 */
const MINIMAL_PRINT = `import { createParser } from "eventsource-parser";
let text = "";
const parser = createParser({
  onEvent: (e) => {
    const d = JSON.parse(e.data);
    if (d.delta?.text) text += d.delta.text;
  },
});
const res = await fetch(Deno.args[0] + "/v1/messages", {
  method: "POST",
  headers: { "content-type": "application/json", "x-api-key": Deno.env.get("ANTHROPIC_API_KEY") },
  body: JSON.stringify({ model: "m", max_tokens: 8, stream: true, messages: [{ role: "user", content: "hi" }] }),
});
const decoder = new TextDecoder();
for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
console.log(text);
`;

/** `deno` argv that runs zot with `args`, as `deno task zot` does. */
export function zot(...args: string[]): string[] {
  return [
    Deno.execPath(),
    "run",
    "-A",
    ...DENO_RUN_FLAGS,
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "main.ts"),
    ...args,
  ];
}

/** Copies of the sh fixture under distinct names, for `--ext`. */
export async function shExtensions(root: string, count: number): Promise<string[]> {
  const script = await Deno.readTextFile(join(HELLO_SH, "hello.sh"));
  const dirs: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `hello-sh-${i}`;
    const dir = join(root, name);
    await Deno.mkdir(dir);
    await Deno.writeTextFile(join(dir, "hello.sh"), script.replaceAll("hello-sh", name), {
      mode: 0o755,
    });
    await Deno.writeTextFile(
      join(dir, "extension.json"),
      JSON.stringify({ name, version: "1.0.0", exec: "./hello.sh", language: "sh" }),
    );
    dirs.push(dir);
  }
  return dirs;
}

interface Samples {
  wall: number[];
  rss: number[];
  first: number[];
  cpu: number[];
}

const samples = (): Samples => ({ wall: [], rss: [], first: [], cpu: [] });

function add(s: Samples, m: Measured, firstRequestEpoch?: number) {
  s.wall.push(m.wallMs);
  s.rss.push(m.peakRssMiB);
  s.cpu.push(m.cpuMs);
  if (firstRequestEpoch !== undefined) s.first.push(firstRequestEpoch - m.startEpochMs);
}

const mib = (v: number) => `${v.toFixed(1)} MiB`;
const ratio = (v: number, floor: number) => `${(v / floor).toFixed(2)}× the floor`;

export async function bench(): Promise<BenchRow[]> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bench-startup-" }));
  await using llm = await startFakeLlm({ script: () => ({ text: "hi" }) });
  try {
    const cwd = join(root, "project");
    const bare = join(root, "bare");
    await Deno.mkdir(cwd);
    await Deno.mkdir(bare);
    const empty = join(bare, "empty.ts");
    await Deno.writeTextFile(empty, "");
    const minimal = join(bare, "minimal_print.ts");
    await Deno.writeTextFile(minimal, MINIMAL_PRINT);
    const env = { ZOT_HOME: join(root, "home"), ANTHROPIC_API_KEY: "bench", NO_COLOR: "1" };
    const extDirs = await shExtensions(root, EXTENSIONS);
    const exts = extDirs.flatMap((d) => ["--ext", d]);
    const print = (...extra: string[]) =>
      zot("-p", "hi", "--base-url", llm.url, "--no-session", ...extra);

    /** A `-p` run, with the instant its first model request arrived. */
    const printRun = async (argv: string[], into: Samples) => {
      const arrived = llm.nextRequest(30_000).then(epochNow);
      const m = await measure(argv, { cwd, env });
      add(into, m, await arrived);
    };

    const floor = samples(), version = samples(), extList = samples(), bareFetch = samples();
    const p = samples(), pSdk = samples(), pExt = samples(), pOne = samples();
    const tui: number[] = [], shReady: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const keep = i > 0; // round 0 warms the module and code caches
      const f = await measure([Deno.execPath(), "run", "-A", empty], { cwd: bare });
      const bf = await measure(
        [Deno.execPath(), "run", "-A", "--config", join(ROOT, "deno.json"), minimal, llm.url],
        { cwd, env },
      );
      // Its request is not a zot run's: consumed here so the next run's first request is its own.
      await llm.nextRequest(5_000);
      const v = await measure(zot("--version"), { cwd, env });
      const l = await measure(zot("ext", "list"), { cwd, env });
      const into = keep ? [p, pSdk, pExt, pOne] : [samples(), samples(), samples(), samples()];
      await printRun(print(), into[0]);
      await printRun(print("--transport", "sdk"), into[1]);
      await printRun(print(...exts), into[2]);
      await printRun(print("--ext", extDirs[0]), into[3]);
      const frame = await firstOutput("yolo", zot("--base-url", llm.url, "--no-session"), {
        cwd,
        env,
      });
      const sh = await spawnToReady({
        command: join(HELLO_SH, "hello.sh"),
        args: [],
        cwd: HELLO_SH,
        sandboxed: false,
        dataDir: HELLO_SH,
      });
      if (!keep) continue;
      add(floor, f);
      add(bareFetch, bf);
      add(version, v);
      add(extList, l);
      tui.push(frame);
      shReady.push(sh);
    }

    const graph = await loadedModules(
      ["-p", "hi", "--base-url", llm.url, "--no-session"],
      { cwd, home: env.ZOT_HOME },
    );
    await llm.nextRequest(1_000).catch(() => {});
    const fileModules = graph.modules.filter((m) => m.startsWith("file:"));
    const frame = await firstFrameModules(["--base-url", llm.url, "--no-session"], {
      cwd,
      home: env.ZOT_HOME,
    });

    const floorMs = median(floor.wall);
    const floorRss = median(floor.rss);
    const floorCpu = median(floor.cpu);
    // CPU time moves less than wall time with the other load of a shared machine.
    const cpu = (s: Samples) => `CPU ${ratio(median(s.cpu), floorCpu)}`;
    const row = (name: string, value: string, note?: string): BenchRow => ({
      group: "startup",
      name,
      value,
      ...(note ? { note } : {}),
    });
    const added = (median(pExt.first) - median(p.first) - median(shReady)) / EXTENSIONS;
    // The first extension brings the host's code; each further one should cost only its spawn.
    const fixed = median(pOne.first) - median(p.first) - median(shReady);
    const further = (median(pExt.first) - median(pOne.first)) / (EXTENSIONS - 1);
    return [
      row(
        "bare deno run of an empty file (the floor)",
        fmtMs(floorMs),
        `${mib(floorRss)} peak, CPU ${fmtMs(floorCpu)}`,
      ),
      row(
        "bare deno run of one streamed request (the -p floor)",
        fmtMs(median(bareFetch.wall)),
        `${ratio(median(bareFetch.wall), floorMs)}, ${mib(median(bareFetch.rss))} peak; ${
          cpu(bareFetch)
        }`,
      ),
      row(
        "zot --version",
        fmtMs(median(version.wall)),
        `${ratio(median(version.wall), floorMs)}, target ≤ 1.2×; ${cpu(version)}`,
      ),
      row(
        "zot ext list (none installed)",
        fmtMs(median(extList.wall)),
        `${ratio(median(extList.wall), floorMs)}, target ≤ 1.2×; ${cpu(extList)}`,
      ),
      row(
        "zot -p: spawn → first model request",
        fmtMs(median(p.first)),
        "target ≤ 20 ms; Go zot 13 ms",
      ),
      row(
        "zot -p: whole run",
        fmtMs(median(p.wall)),
        `${ratio(median(p.wall), floorMs)}, ${
          (median(p.wall) / median(bareFetch.wall)).toFixed(2)
        }× the -p floor, target ≤ 25 ms; ${cpu(p)}`,
      ),
      row(
        "zot -p: peak RSS",
        mib(median(p.rss)),
        `target ≤ 35 MiB; Go zot 17.7 MiB; the -p floor ${mib(median(bareFetch.rss))}`,
      ),
      row("zot -p --transport sdk: spawn → first model request", fmtMs(median(pSdk.first))),
      row("zot -p --transport sdk: whole run", fmtMs(median(pSdk.wall)), cpu(pSdk)),
      row("zot -p --transport sdk: peak RSS", mib(median(pSdk.rss))),
      row(
        `zot -p + ${EXTENSIONS} sh extensions: spawn → first model request`,
        fmtMs(median(pExt.first)),
      ),
      row("zot -p + 1 sh extension: spawn → first model request", fmtMs(median(pOne.first))),
      row("sh extension alone: spawn → ready", fmtMs(median(shReady))),
      row(
        "added per extension beyond its own spawn → ready",
        fmtMs(Math.max(0, added)),
        `(${EXTENSIONS} started together) target < 1 ms`,
      ),
      row(
        "first extension beyond its own spawn → ready (the host's code)",
        fmtMs(Math.max(0, fixed)),
      ),
      row(
        "each further extension",
        fmtMs(Math.max(0, further)),
        `(${EXTENSIONS} against 1) target < 1 ms beyond its spawn → ready`,
      ),
      row("TUI: spawn → first frame", fmtMs(median(tui)), ratio(median(tui), floorMs)),
      row(
        "modules zot -p evaluates",
        String(fileModules.length),
        `${zotFiles(graph.modules).length} of zot, ${
          npmPackages(graph.modules).join(", ")
        }; ${graph.modules.length} counting Deno's own`,
      ),
      row(
        "modules the TUI evaluates before its first frame",
        String(frame.modules.filter((m) => m.startsWith("file:")).length),
        `${zotFiles(frame.modules).length} of zot, ${
          npmPackages(frame.modules).join(", ")
        }; ${frame.modules.length} counting Deno's own (its Node layer, for pi-tui)`,
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
