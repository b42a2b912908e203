/**
 * Process accounting for tests: after every test no child process may be
 * left. Linux /proc based.
 *
 * @module
 */

import { REAPER_NAME } from "../../src/process_reaper.ts";

interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
  cmdline: string;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // comm may contain spaces/parens: fields after the last ')'.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cmdline = Deno.readTextFileSync(`/proc/${pid}/cmdline`).replaceAll("\0", " ").trim();
    return { pid, state: rest[0], ppid: Number(rest[1]), pgid: Number(rest[2]), cmdline };
  } catch {
    return undefined;
  }
}

/** Every live process on the machine. */
export function allProcesses(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const p = readProc(Number(e.name));
    if (p) out.push(p);
  }
  return out;
}

/** Descendants of `root` (default: this test process), zombies included. */
export function descendants(root: number = Deno.pid): ProcInfo[] {
  const all = allProcesses();
  const found: ProcInfo[] = [];
  const frontier = [root];
  while (frontier.length) {
    const parent = frontier.pop()!;
    for (const p of all) {
      if (p.ppid === parent) {
        found.push(p);
        frontier.push(p.pid);
      }
    }
  }
  return found;
}

/**
 * Descendants of this test process that are extensions (or what they
 * started): the host's process-group reaper (`zot-reaper`), which lives
 * exactly as long as some group is listed, is not one of them.
 */
export function extensionProcesses(): ProcInfo[] {
  return descendants().filter((p) => !p.cmdline.includes(REAPER_NAME));
}

/**
 * Processes whose command line contains `marker` (e.g. a fixture's temp
 * dir): catches grandchildren re-parented to init after their parent died.
 */
export function processesMatching(marker: string): ProcInfo[] {
  return allProcesses().filter((p) => p.pid !== Deno.pid && p.cmdline.includes(marker));
}

/**
 * Wait (bounded) until this test process has no child left and no process
 * names `marker` in its command line (a test's temp dir: that also catches
 * grandchildren re-parented to init, and processes under a tmux server).
 * `ignore` skips command lines that are expected to stay, e.g. a shared tmux
 * server that keeps the argv of the session that started it. Throws with
 * the leftovers' command lines.
 */
export async function assertNoLeftoverProcesses(
  marker: string,
  options: { ms?: number; ignore?: (cmdline: string) => boolean } = {},
): Promise<void> {
  const ms = options.ms ?? 5_000;
  const left = () =>
    [...descendants(), ...processesMatching(marker)].filter((p) => !options.ignore?.(p.cmdline));
  const deadline = Date.now() + ms;
  while (left().length > 0) {
    if (Date.now() > deadline) {
      const lines = left().map((p) => `${p.pid} ${p.cmdline}`).join("\n  ");
      throw new Error(`Processes left behind after ${ms} ms:\n  ${lines}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** For assertNoLeftoverProcesses: the tmux server, which other sessions may still use. */
export const TMUX_SERVER = (cmdline: string): boolean => /^tmux( |$)/.test(cmdline);
