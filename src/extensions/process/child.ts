/**
 * One extension's OS process: spawned in its own process group so that
 * stopping it reaches every grandchild, with its stderr copied into the log.
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";
import { childGroups } from "../../process_reaper.ts";
import { inOwnSession } from "../../own_session.ts";
import type { LaunchPlan } from "../types.ts";
import { type ExtensionLog, pumpToLog } from "./log.ts";

/**
 * After the group is dead, how long its pipes may stay open before we stop
 * reading them (only a grandchild that escaped the group can hold them).
 */
export const OUTPUT_DRAIN_MS = 1_000;

/** How the process ended. */
export interface ExitInfo {
  code: number;
  signal?: string;
}

export class ExtensionProcess {
  readonly pid: number;
  readonly stdin: WritableStream<Uint8Array>;
  /** Read only through a LineReader; cancelled by {@linkcode ExtensionProcess.abandonOutput}. */
  readonly stdout: ReadableStreamDefaultReader<Uint8Array>;
  /** Resolves once the process is reaped. */
  readonly exited: Promise<ExitInfo>;
  /** Resolves once stderr reached EOF (all of it is in the log). */
  readonly stderrDone: Promise<void>;
  #exit: ExitInfo | undefined;

  readonly #stderrReader: ReadableStreamDefaultReader<Uint8Array>;

  private constructor(child: Deno.ChildProcess, log: ExtensionLog) {
    this.pid = child.pid;
    this.stdin = child.stdin;
    // We hold the readers ourselves so that output can be abandoned even
    // while a read is pending: a grandchild that escaped the process group
    // (setsid) could otherwise keep the pipes, and our waits, open forever.
    this.stdout = child.stdout.getReader();
    this.#stderrReader = child.stderr.getReader();
    this.stderrDone = pumpToLog(this.#stderrReader, log);
    // Watched from birth: should zot die without stopping it (kill -9), the
    // reaper's sentinel kills the group (see process_reaper.ts).
    childGroups.add(child.pid);
    this.exited = child.status.then(async (s) => {
      const info: ExitInfo = s.signal ? { code: s.code, signal: s.signal } : { code: s.code };
      this.#exit = info;
      // Grandchildren left in the group would hold the pipes open (and be
      // orphaned): the group does not outlive its leader.
      this.signalGroup("SIGKILL");
      await childGroups.remove(child.pid);
      return info;
    });
  }

  /**
   * Start the plan in a new session and process group (pgid == pid; see
   * own_session.ts for how, without forking zot): `kill(-pid)` then reaches
   * everything it started, and a terminal never mistakes it for the shell's
   * foreground job.
   */
  static spawn(
    plan: LaunchPlan,
    log: ExtensionLog,
  ): { ok: true; process: ExtensionProcess } | { ok: false; error: string } {
    try {
      const session = inOwnSession(plan.command, plan.args);
      const child = new Deno.Command(session.command, {
        args: session.args,
        cwd: plan.cwd,
        env: plan.env,
        clearEnv: plan.clearEnv ?? false,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
        detached: session.detached,
      }).spawn();
      // An OS-confined process's network allowance ends with it.
      if (plan.release) child.status.finally(plan.release).catch(() => {});
      return { ok: true, process: new ExtensionProcess(child, log) };
    } catch (e) {
      plan.release?.().catch(() => {});
      if (e instanceof Deno.errors.NotFound) {
        return { ok: false, error: `exec: "${plan.command}": executable file not found` };
      }
      return { ok: false, error: `exec: "${plan.command}": ${errorMessage(e)}` };
    }
  }

  /** Exit info once reaped, else undefined. */
  get exit(): ExitInfo | undefined {
    return this.#exit;
  }

  /** Stop reading stdout and stderr; pending reads end as EOF. */
  async abandonOutput(): Promise<void> {
    await Promise.all([
      this.stdout.cancel().catch(() => {}),
      this.#stderrReader.cancel().catch(() => {}),
    ]);
  }

  /** Signal the whole process group; false when nothing is left to signal. */
  signalGroup(signal: Deno.Signal): boolean {
    try {
      Deno.kill(-this.pid, signal);
      return true;
    } catch {
      // ESRCH: the group is empty. The leader id is not reused while the
      // group still has members, so this cannot hit a stranger's group.
    }
    // Or not made yet: started through `setsid`, the process leads its group a moment after
    // the spawn (own_session.ts). Until it is reaped its pid is its own, and it has no
    // children yet, so the signal goes to it alone.
    if (this.#exit !== undefined) return false;
    try {
      Deno.kill(this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

/** `exit status 3` or `signal: SIGTERM`, like the reference host. */
export function describeExit(exit: ExitInfo): string {
  return exit.signal ? `signal: ${exit.signal}` : `exit status ${exit.code}`;
}
