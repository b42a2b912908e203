/**
 * How to start the runner: zot re-executes itself. Under `deno run` that is
 * `deno run <flags> --allow-…=<the scope> <src/sandbox/process_entry.ts>
 * __zot_sandbox_runner <name>`: the process itself is the sandbox, with no
 * Worker to start (see process_entry.ts). In a compiled binary it is
 * `<binary> __zot_sandbox_runner <name>`, whose permissions and unstable
 * flags were fixed at compile time (`-A --unstable-worker-options`) and whose
 * V8 flags come from `DENO_V8_FLAGS`: that runner narrows the permissions in
 * a Worker (runner_main.ts). Under `deno run` the Worker runner starts from
 * src/sandbox/runner_entry.ts (not main.ts: see there), for scopes the flags
 * cannot spell.
 *
 * @module
 */

import { isCompiled } from "../self_exec.ts";
import { join } from "../path.ts";
import { RUNNER_CONFIG_ENV, type WorkerPermissions } from "./config.ts";

/** Hidden argv[0] of the runner mode (also routed in src/cli/mod.ts). */
export const RUNNER_ARG = "__zot_sandbox_runner";

export interface RunnerCommand {
  command: string;
  args: string[];
  /** Variables the runner needs regardless of the scope. */
  env: Record<string, string>;
}

export { isCompiled };

export interface RunnerCommandOptions {
  name: string;
  memoryMb: number;
  /** Cap the process's data segment too (Linux; see {@linkcode dataLimitKb}). Default: on Linux. */
  dataLimit?: boolean;
  /** The scope grants remote import hosts: allow remote module loads (the grant still checks hosts). */
  remoteImports: boolean;
  execPath?: string;
  /**
   * The extension's permissions. Under `deno run` they become the runner's
   * own permission flags; without them, for a compiled zot, or when the
   * flags cannot spell them, the runner narrows them in a Worker instead.
   */
  permissions?: WorkerPermissions;
  /** Use the Worker runner under `deno run` too (the compiled binary's runner, for tests). */
  worker?: boolean;
  /**
   * Paths inside the writable ones that stay unwritable (`--deny-write`).
   * Only the process runner can express them; see {@linkcode usesWorkerRunner}.
   */
  denyWrite?: string[];
  /** Paths inside the readable ones that stay unreadable (`--deny-read`): zot's own state. */
  denyRead?: string[];
  /**
   * Run an npm package (an MCP server) from Deno's cache, checked against this
   * lock file and never fetched; see npm_entry.ts.
   */
  npmLock?: string;
}

/**
 * RLIMIT_DATA for a runner with a heap budget of `memoryMb`. The heap cap does
 * not count ArrayBuffers; this does. Measured: the runner and its worker need
 * about 1.4 GB of address space reservations just to start (1.3 GB fails), so
 * the limit is that plus room for twice the heap budget.
 */
export function dataLimitKb(memoryMb: number): number {
  return (1536 + 2 * memoryMb) * 1024;
}

/** `sh -c 'ulimit -d N; exec …'`: a failing ulimit (a lower hard limit) still runs the runner. */
function withDataLimit(cmd: RunnerCommand, memoryMb: number): RunnerCommand {
  return {
    command: "/bin/sh",
    args: [
      "-c",
      'ulimit -d "$0" 2>/dev/null; exec "$@"',
      String(dataLimitKb(memoryMb)),
      cmd.command,
      ...cmd.args,
    ],
    env: cmd.env,
  };
}

export function runnerCommand(opts: RunnerCommandOptions): RunnerCommand {
  const cmd = baseCommand(opts);
  const limit = opts.dataLimit ?? Deno.build.os === "linux";
  return limit ? withDataLimit(cmd, opts.memoryMb) : cmd;
}

/** The process runner's flags, or undefined when the Worker runner starts the extension. */
function processFlags(opts: RunnerCommandOptions): string[] | undefined {
  if (isCompiled(opts.execPath ?? Deno.execPath()) || opts.worker || !opts.permissions) {
    return undefined;
  }
  return permissionFlags(opts.permissions, opts.denyWrite, opts.denyRead);
}

/**
 * True when the extension will run in the Worker runner: a compiled zot, a
 * scope the flags cannot spell, or `worker` asked for. A Worker's
 * permissions have no deny list, and a Worker may not be given a path its
 * runner is denied, so that runner cannot keep writes out of `denyWrite`.
 */
export function usesWorkerRunner(opts: RunnerCommandOptions): boolean {
  return processFlags(opts) === undefined;
}

function baseCommand(opts: RunnerCommandOptions): RunnerCommand {
  const execPath = opts.execPath ?? Deno.execPath();
  const heap = `--max-old-space-size=${opts.memoryMb}`;
  const env: Record<string, string> = {
    DENO_NO_PROMPT: "1",
    DENO_NO_UPDATE_CHECK: "1",
    NO_COLOR: "1",
  };
  if (isCompiled(execPath)) {
    env.DENO_V8_FLAGS = heap;
    return { command: execPath, args: [RUNNER_ARG, opts.name], env };
  }
  const flags = processFlags(opts);
  const npm = opts.npmLock !== undefined && flags !== undefined;
  const entryFile = npm ? "npm_entry.ts" : flags ? "process_entry.ts" : "runner_entry.ts";
  const main = join(import.meta.dirname!, entryFile);
  const args = [
    "run",
    ...(npm ? npmFlags(flags) : flags ?? ["-A"]),
    "--no-prompt",
    // The extension's (or a parent's) deno.json must not add unstable APIs,
    // import maps or npm resolution to the runner.
    "--no-config",
    // npm: specifiers are fetched by the runner, outside the import check
    // (measured), so the sandbox has no npm at all; an npm server gets only
    // the package its lock pins, from the cache (--cached-only below).
    ...(npm ? [`--lock=${opts.npmLock}`, "--frozen"] : ["--no-lock", "--no-npm"]),
    // An npm server never fetches: what runs is what was pinned and fetched at install.
    ...(opts.remoteImports && !npm ? [] : ["--cached-only", "--no-remote"]),
    // The Worker runner's own Worker; in the process runner, an extension's
    // Workers with `deno.permissions` (never more than the process has).
    "--unstable-worker-options",
    `--v8-flags=${heap}`,
    main,
    RUNNER_ARG,
    opts.name,
  ];
  return { command: execPath, args, env };
}

/**
 * An npm server's flags: every variable readable (`--allow-env`), because its
 * environment was cleared and holds only what the scope passes. Servers read
 * optional settings from the environment and stop on a refused read
 * (`GZIP_MAX_FETCH_SIZE` in the reference server).
 */
function npmFlags(flags: string[]): string[] {
  return flags.map((f) => f.startsWith("--allow-env=") ? "--allow-env" : f);
}

/**
 * The permissions as `--allow-*` flags, or undefined when a value holds a
 * comma, which the flags would split (the Worker takes lists). An empty list
 * grants nothing, so it has no flag. The configuration variable is readable
 * for the runner to read and delete it before the extension runs
 * (process_entry.ts). No `--allow-ffi`, ever. `denyWrite` becomes
 * `--deny-write`, which wins over `--allow-write`. Without import hosts,
 * `--deny-import`: with no import flag Deno allows a default list of hosts
 * (deno.land, jsr.io, esm.sh, …), where a Worker's `import: false` allows none.
 */
export function permissionFlags(
  p: WorkerPermissions,
  denyWrite: string[] = [],
  denyRead: string[] = [],
): string[] | undefined {
  const lists: [string, string[] | false][] = [
    ["read", p.read],
    ["write", p.write],
    ["net", p.net],
    ["env", [RUNNER_CONFIG_ENV, ...(p.env || [])]],
    ["run", p.run],
    ["sys", p.sys],
    ["import", p.import],
  ];
  const flags: string[] = [];
  for (const [kind, list] of lists) {
    if (list === false || list.length === 0) continue;
    if (list.some((v) => v.includes(","))) return undefined;
    flags.push(`--allow-${kind}=${list.join(",")}`);
  }
  if (p.import === false || p.import.length === 0) flags.push("--deny-import");
  if (denyWrite.length) {
    if (denyWrite.some((v) => v.includes(","))) return undefined;
    flags.push(`--deny-write=${denyWrite.join(",")}`);
  }
  // Wins over `--allow-read` for these paths and below (zot_state.ts).
  if (denyRead.length) {
    if (denyRead.some((v) => v.includes(","))) return undefined;
    flags.push(`--deny-read=${denyRead.join(",")}`);
  }
  return flags;
}
