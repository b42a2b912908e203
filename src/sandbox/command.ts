/**
 * How to start the runner: zot re-executes itself. Under `deno run` that is
 * `deno run <flags> <src/sandbox/runner_entry.ts> __zot_sandbox_runner <name>`
 * (not main.ts: see runner_entry.ts); in a compiled
 * binary it is `<binary> __zot_sandbox_runner <name>`, whose permissions and
 * unstable flags were fixed at compile time (`-A --unstable-worker-options`)
 * and whose V8 flags come from `DENO_V8_FLAGS`.
 *
 * @module
 */

import { isCompiled } from "../self_exec.ts";
import { join } from "../path.ts";

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
  /** The scope grants remote import hosts: allow remote module loads (the worker still checks hosts). */
  remoteImports: boolean;
  execPath?: string;
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
  const main = join(import.meta.dirname!, "runner_entry.ts");
  const args = [
    "run",
    "-A",
    "--no-prompt",
    // The extension's (or a parent's) deno.json must not add unstable APIs,
    // import maps or npm resolution to the runner.
    "--no-config",
    "--no-lock",
    // npm: specifiers are fetched by the runner, outside the worker's import
    // check (measured), so the sandbox has no npm at all.
    "--no-npm",
    ...(opts.remoteImports ? [] : ["--cached-only", "--no-remote"]),
    "--unstable-worker-options",
    `--v8-flags=${heap}`,
    main,
    RUNNER_ARG,
    opts.name,
  ];
  return { command: execPath, args, env };
}
