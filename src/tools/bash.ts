/**
 * The `bash` tool: runs `bash -c` (or `sh -c` where bash is missing) in the
 * session cwd with stdin closed, stdout and stderr merged in arrival order,
 * a timeout, and the whole process group killed on timeout or cancel.
 *
 * @module
 */

import type { Tool, ToolContext, ToolResult } from "../model/types.ts";
import type { JsonObject } from "../protocol/frames.ts";
import { errorMessage } from "../errors.ts";
import { errorResult, optionalPositive, requiredString } from "./args.ts";
import { checkBashJail } from "./bash_jail.ts";
import type { JailPolicy } from "./jail.ts";
import { type GroupLeader, KILL_GRACE_MS, killProcessGroup } from "../process_group.ts";
import { childGroups } from "../process_reaper.ts";
import { HeadTailBuffer } from "./truncate.ts";
import type { BashSandbox } from "./bash_sandbox.ts";
import { type Launch, prepareLaunch } from "./bash_launch.ts";
import { bashSpec, DEFAULT_TIMEOUT_S } from "./specs.ts";

export { DEFAULT_TIMEOUT_S };
/** Upper bound: setTimeout overflows past 2^31 ms (about 24.8 days). */
const MAX_TIMEOUT_S = 24 * 60 * 60;
/**
 * After the shell exits, how long to keep reading output: a background job
 * (`server &`) that did not redirect its output keeps the pipe open forever,
 * so waiting for EOF would hang the turn. Output already in the pipe is read
 * at once; the bound only matters for such jobs, which keep running.
 */
export const DRAIN_MS = 250;

export interface BashToolOptions {
  jail?: JailPolicy;
  home?: string;
  /** Defaults to {@linkcode DEFAULT_TIMEOUT_S}. */
  defaultTimeoutS?: number;
  /** Shells to try in order; defaults to bash, then sh. */
  shells?: string[];
  killGraceMs?: number;
  /** `--sandbox` / `/sandbox`: when enabled, every command runs in the OS sandbox. */
  sandbox?: BashSandbox;
}

export function createBashTool(options: BashToolOptions = {}): Tool {
  return {
    ...bashSpec(),
    source: "builtin",
    execute: (args, ctx) => runBash(args, ctx, options),
  };
}

async function runBash(args: JsonObject, ctx: ToolContext, options: BashToolOptions) {
  const command = requiredString(args, "command");
  if (!command.ok) return errorResult(command.error);
  if (command.value.trim() === "") return errorResult(`Argument "command" is empty`);
  const timeout = optionalPositive(args, "timeout");
  if (!timeout.ok) return errorResult(timeout.error);
  const seconds = Math.min(
    timeout.value ?? options.defaultTimeoutS ?? DEFAULT_TIMEOUT_S,
    MAX_TIMEOUT_S,
  );
  if (ctx.signal.aborted) return errorResult("Command cancelled before it started", "cancelled");
  try {
    const info = await Deno.stat(ctx.cwd);
    if (!info.isDirectory) throw new Deno.errors.NotFound();
  } catch {
    return errorResult(`Working directory "${ctx.cwd}" does not exist (use /cd to change it)`);
  }
  const refusal = await checkBashJail(options.jail, command.value, ctx.cwd, options.home);
  if (refusal) return refusal;
  // `exec 2>&1` on the same line keeps the user's line numbers in shell errors while giving
  // both streams one pipe, so they interleave exactly as written.
  const script = `exec 2>&1; ${command.value}`;
  const shells = options.shells ?? ["bash", "sh"];
  const launch = await prepareLaunch(options.sandbox, shells, script, ctx.cwd);
  if (!launch.ok) return errorResult(launch.error, "blocked");
  try {
    const child = spawnShell(ctx.cwd, shells, launch.value);
    if (!child.ok) return errorResult(child.error);
    const result = await supervise(
      child.process,
      seconds,
      ctx,
      options.killGraceMs ?? KILL_GRACE_MS,
    );
    return launch.value.explain(result);
  } finally {
    await launch.value.release();
  }
}

type Spawned = { ok: true; process: Deno.ChildProcess } | { ok: false; error: string };

function spawnShell(cwd: string, shells: string[], launch: Launch): Spawned {
  for (const { shell, argv, env } of launch.candidates) {
    const [program, ...args] = argv;
    try {
      const process = new Deno.Command(program, {
        args,
        ...(env ? { env, clearEnv: true } : {}),
        cwd,
        stdin: "null",
        stdout: "piped",
        stderr: "null",
        detached: true,
      }).spawn();
      return { ok: true, process };
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) continue;
      return { ok: false, error: `Cannot run "${shell}": ${errorMessage(e)}` };
    }
  }
  return {
    ok: false,
    error: `Cannot run the command: none of ${shells.join(", ")} was found on PATH`,
  };
}

async function supervise(
  child: Deno.ChildProcess,
  seconds: number,
  ctx: ToolContext,
  graceMs: number,
): Promise<ToolResult> {
  const output = new HeadTailBuffer();
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) return;
        output.push(value);
        ctx.progress?.(decoder.decode(value, { stream: true }));
      }
    } catch {
      // The reader was cancelled after the drain bound: keep what we have.
    }
  })();

  let ended: "timed_out" | "cancelled" | undefined;
  let killing: Promise<void> | undefined;
  const leader: GroupLeader = child;
  const stop = (why: "timed_out" | "cancelled") => {
    if (ended) return;
    ended = why;
    killing = killProcessGroup(leader, graceMs);
  };
  const timer = setTimeout(() => stop("timed_out"), seconds * 1000);
  const onAbort = () => stop("cancelled");
  ctx.signal.addEventListener("abort", onAbort, { once: true });
  // Listed while it runs: should zot die mid-command (kill -9, a second signal), the group dies too.
  childGroups.add(child.pid);
  try {
    const status = await child.status;
    await killing;
    await drain(pump, reader);
    const result = report(output.text(), status, ended, seconds);
    // For the UI (exit badges) and hooks; details never reach the model.
    result.details = { exitCode: status.code, ...(status.signal ? { signal: status.signal } : {}) };
    return result;
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener("abort", onAbort);
    await childGroups.remove(child.pid);
  }
}

async function drain(pump: Promise<void>, reader: ReadableStreamDefaultReader<Uint8Array>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<"late">((resolve) =>
    timer = setTimeout(() => resolve("late"), DRAIN_MS)
  );
  const result = await Promise.race([pump.then(() => "done" as const), bound]);
  clearTimeout(timer);
  if (result === "late") await reader.cancel().catch(() => {});
  await pump;
}

function report(
  text: string,
  status: Deno.CommandStatus,
  ended: "timed_out" | "cancelled" | undefined,
  seconds: number,
): ToolResult {
  const body = text === "" ? "(no output)" : text.replace(/\n$/, "");
  if (ended === "timed_out") {
    const note = `Command timed out after ${seconds} s; its process group was killed`;
    return errorResult(`${body}\n\n${note}`, "timed_out");
  }
  if (ended === "cancelled") {
    return errorResult(`${body}\n\nCommand cancelled; its process group was killed`, "cancelled");
  }
  if (status.signal) {
    return errorResult(`${body}\n\nCommand killed by signal ${status.signal}`);
  }
  if (status.code !== 0) return errorResult(`${body}\n\nCommand exited with code ${status.code}`);
  return { content: [{ type: "text", text: body }] };
}
