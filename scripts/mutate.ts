/**
 * The mutation check: each hand-written mutant in `scripts/mutants/*.ts`
 * removes one protection on purpose; the check applies it alone to a scratch
 * copy of the repository, runs only the mutant's test files, and expects at
 * least one of them to fail. A protection whose removal no test notices is a
 * protection nobody would notice losing.
 *
 * Usage: deno task mutate [--list] [--filter <id>]… [--timeout <seconds>] [--no-baseline]
 *        [--root <repository>]
 *
 * - Every `find` must occur exactly once in its file, else the mutant is
 *   "stale" (the code moved on and the table must follow).
 * - The working tree is never touched: tracked and untracked (not ignored)
 *   files are copied once to a temporary directory, each mutant is written
 *   there and the file restored afterwards.
 * - Before any mutant, the listed test files run once unmutated (the
 *   baseline): a test that already fails would "kill" every mutant.
 * - Tests run with `--no-check`, so a mutant is killed by behaviour, not by
 *   a type error it happens to introduce.
 * - Results: killed, survived, timed out (the tests hung past the bound:
 *   counted as killed, but reported, since a hang is a poor way to notice),
 *   stale, error (the tests could not run). Exit 1 on any survived, stale or
 *   error.
 *
 * @module
 */

import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { killProcessGroup } from "../src/process_group.ts";
import { removeRunTemps, tempEnv, withRunTemp } from "./run_temp.ts";
import type { Mutant } from "./mutants/types.ts";

/** The repository checked: this one, or `--root` (the check's own tests use a small fake). */
let ROOT = fileURLToPath(new URL("..", import.meta.url));
const tablesDir = () => join(ROOT, "scripts", "mutants");
const DEFAULT_TIMEOUT_S = 150;

type Outcome = "killed" | "survived" | "timed out" | "stale" | "error";

interface Loaded extends Mutant {
  /** The table file it came from, for messages. */
  table: string;
}

interface Result {
  mutant: Loaded;
  outcome: Outcome;
  seconds: number;
  /** The first failing test, the stale reason, or the error's last output. */
  detail: string;
}

/** Every mutant of every table; a malformed table is a thrown error naming the file. */
async function loadMutants(): Promise<Loaded[]> {
  const files = [];
  for await (const e of Deno.readDir(tablesDir())) {
    if (e.isFile && e.name.endsWith(".ts") && e.name !== "types.ts") files.push(e.name);
  }
  const out: Loaded[] = [];
  for (const name of files.sort()) {
    const mod = await import(pathToFileURL(join(tablesDir(), name)).href);
    if (!Array.isArray(mod.mutants)) {
      throw new Error(`scripts/mutants/${name} must export "mutants: Mutant[]"`);
    }
    for (const m of mod.mutants as Mutant[]) out.push({ ...m, table: name });
  }
  const seen = new Map<string, string>();
  for (const m of out) {
    const where = `mutant "${m.id}" in scripts/mutants/${m.table}`;
    if (!m.id || !m.file || typeof m.find !== "string" || typeof m.replace !== "string") {
      throw new Error(`${where} needs id, file, find and replace`);
    }
    if (!m.tests?.length) throw new Error(`${where} lists no test files`);
    if (m.find === m.replace) throw new Error(`${where} changes nothing (find equals replace)`);
    const other = seen.get(m.id);
    if (other) throw new Error(`${where} repeats an id of scripts/mutants/${other}`);
    seen.set(m.id, m.table);
  }
  return out;
}

function count(text: string, find: string): number {
  let n = 0;
  for (let i = text.indexOf(find); i !== -1; i = text.indexOf(find, i + find.length)) n++;
  return n;
}

/** Why a mutant cannot be applied to the working tree as written, if it cannot. */
function staleReason(m: Mutant): string | undefined {
  let text: string;
  try {
    text = Deno.readTextFileSync(join(ROOT, m.file));
  } catch {
    return `${m.file} does not exist`;
  }
  for (const t of m.tests) {
    try {
      Deno.statSync(join(ROOT, t));
    } catch {
      return `test file ${t} does not exist`;
    }
  }
  const n = count(text, m.find);
  return n === 1 ? undefined : `find text occurs ${n} times in ${m.file} (must be exactly once)`;
}

/** Repository-relative paths of every file below `dir`, without `.git`. */
async function walk(dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(dir, rel))) {
    const path = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory && e.name !== ".git") out.push(...await walk(dir, path));
    else if (!e.isDirectory) out.push(path);
  }
  return out;
}

/** The files to copy: tracked and untracked-not-ignored in a git checkout, else all. */
async function repositoryFiles(): Promise<string[]> {
  try {
    const ls = await new Deno.Command("git", {
      args: ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
      cwd: ROOT,
      stdout: "piped",
      stderr: "null",
    }).output();
    if (ls.success) return new TextDecoder().decode(ls.stdout).split("\0").filter(Boolean);
  } catch {
    // No git: fall through to a plain walk (an unpacked archive, say).
  }
  return await walk(ROOT);
}

/** The repository's files copied to a fresh temporary directory. */
async function scratchCopy(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "zot-mutate-" });
  const files = await repositoryFiles();
  for (const rel of files) {
    const from = join(ROOT, rel);
    const to = join(dir, rel);
    let info: Deno.FileInfo;
    try {
      info = await Deno.lstat(from);
    } catch {
      continue; // tracked but deleted in the working tree
    }
    await Deno.mkdir(dirname(to), { recursive: true });
    if (info.isSymlink) await Deno.symlink(await Deno.readLink(from), to);
    else if (info.isFile) {
      await Deno.copyFile(from, to);
      if (info.mode !== null) await Deno.chmod(to, info.mode & 0o7777);
    }
  }
  return dir;
}

interface TestRun {
  code: number | "timeout";
  output: string;
}

let running: Deno.ChildProcess | undefined;

/** Set in every test run's environment, so its leftovers can be found after it. */
const MARKER = `ZOT_MUTATE_RUN=${Deno.pid}`;

/**
 * SIGKILL what a run left behind: processes carrying the run's marker in
 * their environment, or the scratch directory in their command line. A
 * mutant that disables a timeout or a kill leaves such processes (outside
 * the run's process group: extensions and bash commands get their own), and
 * they must not outlive the check. Linux /proc; elsewhere nothing is found.
 */
function killLeftovers(dir: string): number {
  let killed = 0;
  let entries: Iterable<Deno.DirEntry>;
  try {
    entries = Deno.readDirSync("/proc");
  } catch {
    return 0;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e.name) || Number(e.name) === Deno.pid) continue;
    try {
      const environ = Deno.readTextFileSync(`/proc/${e.name}/environ`).split("\0");
      const cmdline = Deno.readTextFileSync(`/proc/${e.name}/cmdline`).replaceAll("\0", " ");
      if (environ.includes(MARKER) || cmdline.includes(dir)) {
        Deno.kill(Number(e.name), "SIGKILL");
        killed++;
      }
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return killed;
}

/**
 * `deno test` on `tests` in `cwd`, killed with its whole process group after `timeoutS`, with a
 * temp directory of its own (removed after it, with what a killed run left there).
 */
function runTests(cwd: string, tests: string[], timeoutS: number): Promise<TestRun> {
  return withRunTemp((tmp) => runTestsIn(tmp, cwd, tests, timeoutS));
}

async function runTestsIn(
  tmp: string,
  cwd: string,
  tests: string[],
  timeoutS: number,
): Promise<TestRun> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "--unstable-worker-options", "--no-check", ...tests],
    cwd,
    env: { NO_COLOR: "1", [MARKER.split("=")[0]]: MARKER.split("=")[1], ...tempEnv(tmp) },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    // Its own process group, so a hung run is killed with everything it started.
    detached: true,
  }).spawn();
  running = child;
  const output = Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]).then(([o, e]) => o + e);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killProcessGroup(child, 0, "SIGKILL");
  }, timeoutS * 1000);
  const status = await child.status;
  clearTimeout(timer);
  running = undefined;
  // Output pipes may be held by an escaped grandchild: do not wait on them forever.
  let drain: ReturnType<typeof setTimeout> | undefined;
  const text = await Promise.race([
    output,
    new Promise<string>((r) => drain = setTimeout(() => r("(output not closed)"), 5_000)),
  ]);
  clearTimeout(drain);
  const left = killLeftovers(cwd);
  const note = left ? `\n(killed ${left} processes the run left behind)` : "";
  return { code: timedOut ? "timeout" : status.code, output: text + note };
}

/** The failing tests' names in deno test's output: the first, and how many more. */
function firstFailure(output: string): string | undefined {
  const names = [...output.matchAll(/^(.*\S) \.\.\. FAILED/gm)].map((m) => m[1].trim());
  const unique = [...new Set(names)];
  if (!unique.length) return /^(.*) => \S+:\d+:\d+$/m.exec(output)?.[1].trim();
  return unique.length === 1 ? unique[0] : `${unique[0]} (+${unique.length - 1} more)`;
}

function lastLines(output: string, n = 6): string {
  return output.trim().split("\n").slice(-n).join(" | ");
}

async function runMutant(dir: string, m: Loaded, timeoutS: number): Promise<Result> {
  const started = Date.now();
  const done = (outcome: Outcome, detail: string): Result => ({
    mutant: m,
    outcome,
    seconds: (Date.now() - started) / 1000,
    detail,
  });
  const stale = staleReason(m);
  if (stale) return done("stale", stale);
  const path = join(dir, m.file);
  const original = await Deno.readTextFile(path);
  await Deno.writeTextFile(path, original.replace(m.find, () => m.replace));
  try {
    const run = await runTests(dir, m.tests, timeoutS);
    const left = /\(killed (\d+) processes the run left behind\)/.exec(run.output);
    const leftNote = left ? ` [${left[1]} leftover processes killed]` : "";
    if (run.code === "timeout") {
      return done("timed out", `no result within ${timeoutS} s${leftNote}`);
    }
    if (run.code === 0) return done("survived", `${m.tests.join(" ")} all passed${leftNote}`);
    const failed = firstFailure(run.output);
    return failed ? done("killed", failed + leftNote) : done("error", lastLines(run.output));
  } finally {
    await Deno.writeTextFile(path, original);
  }
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + " ".repeat(n - s.length);
}

function printList(all: Loaded[]): void {
  for (const m of all) {
    const stale = staleReason(m);
    console.log(`${m.id}${stale ? `  [stale: ${stale}]` : ""}`);
    console.log(`  ${m.protection}`);
    console.log(`  ${m.file}; tests: ${m.tests.join(" ")}  (scripts/mutants/${m.table})`);
  }
  console.log(`${all.length} mutants`);
}

const USAGE = `Usage: deno task mutate [options]

Apply each mutant in scripts/mutants/*.ts alone to a scratch copy of the repository and run its
tests; every mutant must be killed (a test fails). The working tree is never touched.

Options:
  --list               list the mutants (with --filter: the matching ones) and exit
  --filter <id>        run only mutants whose id contains <id> (repeatable)
  --timeout <seconds>  bound for one mutant's tests (default ${DEFAULT_TIMEOUT_S})
  --no-baseline        skip the unmutated run of the listed test files
  --root <dir>         the repository to copy (default: this one)
  -h, --help           show this help`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: Deno.args,
      options: {
        help: { type: "boolean", short: "h", default: false },
        list: { type: "boolean", default: false },
        filter: { type: "string", multiple: true },
        timeout: { type: "string", default: String(DEFAULT_TIMEOUT_S) },
        "no-baseline": { type: "boolean", default: false },
        root: { type: "string" },
      },
    });
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : e} (see "deno task mutate --help")`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.root) ROOT = resolve(values.root);
  const timeoutS = Number(values.timeout);
  if (!(timeoutS > 0)) {
    console.error(`--timeout must be a number of seconds (got "${values.timeout}")`);
    return 2;
  }
  const all = await loadMutants();
  const filters = values.filter ?? [];
  const chosen = filters.length
    ? all.filter((m) => filters.some((f) => m.id === f || m.id.includes(f)))
    : all;
  if (values.list) {
    printList(chosen);
    return 0;
  }
  if (!chosen.length) {
    console.error(`No mutant matches ${filters.map((f) => `"${f}"`).join(", ")} (see --list)`);
    return 2;
  }

  const begun = Date.now();
  const dir = await scratchCopy();
  const cleanup = () => Deno.removeSync(dir, { recursive: true });
  const onSignal = () => {
    if (running) killProcessGroup(running, 0, "SIGKILL");
    cleanup();
    removeRunTemps();
    Deno.exit(130);
  };
  Deno.addSignalListener("SIGINT", onSignal);
  try {
    if (!values["no-baseline"]) {
      const files = [...new Set(chosen.filter((m) => !staleReason(m)).flatMap((m) => m.tests))];
      console.log(`baseline: ${files.length} test files without mutants …`);
      // The unmutated run grows with the table: bounded per listed file.
      const base = await runTests(dir, files, Math.max(timeoutS * 2, files.length * 10));
      if (base.code !== 0) {
        console.log(base.output);
        console.log(
          `baseline failed: the tests fail without any mutant (${
            base.code === "timeout" ? "timed out" : firstFailure(base.output) ?? "error"
          }); fix them first, or run with --no-baseline`,
        );
        return 1;
      }
    }
    const results: Result[] = [];
    for (const m of chosen) {
      const r = await runMutant(dir, m, timeoutS);
      results.push(r);
      console.log(
        `${pad(r.outcome, 9)} ${pad(m.id, 34)} ${pad(r.seconds.toFixed(1) + " s", 8)} ${r.detail}`,
      );
    }
    const n = (o: Outcome) => results.filter((r) => r.outcome === o).length;
    for (const r of results.filter((r) => r.outcome !== "killed")) {
      console.log(`\n${r.outcome}: ${r.mutant.id} (scripts/mutants/${r.mutant.table})`);
      console.log(`  protection: ${r.mutant.protection}`);
      console.log(`  ${r.mutant.file}: ${r.detail}`);
    }
    console.log(
      `\nmutants: ${n("killed") + n("timed out")} killed (${n("timed out")} by timeout), ` +
        `${n("survived")} survived, ${n("stale")} stale, ${n("error")} errors, ` +
        `of ${results.length} (${((Date.now() - begun) / 60_000).toFixed(1)} min)`,
    );
    return n("survived") + n("stale") + n("error") > 0 ? 1 : 0;
  } finally {
    Deno.removeSignalListener("SIGINT", onSignal);
    cleanup();
  }
}

if (import.meta.main) {
  // A malformed table is the author's to fix: say which, without a stack trace.
  const code = await main().catch((e) => {
    console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  });
  Deno.exit(code);
}
