/**
 * Process-group killing, for the children zot starts detached (Deno calls
 * setsid: each leads a new session and process group whose id is its pid):
 * bash commands, which fan out (`make` runs compilers, `cmd &` leaves jobs),
 * and subagent children. Killing only the leader would leave the rest
 * running with our pipes open, so the whole group gets a first signal, then
 * SIGKILL.
 *
 * @module
 */

/** How long a group gets to exit after the first signal before SIGKILL. */
export const KILL_GRACE_MS = 2000;

/** The part of a Deno.ChildProcess the killer needs. */
export interface GroupLeader {
  readonly pid: number;
  readonly status: Promise<Deno.CommandStatus>;
}

/** Send `signal` to the process group led by `pid`; false when it is gone. */
export function signalGroup(pid: number, signal: Deno.Signal): boolean {
  try {
    Deno.kill(Deno.build.os === "windows" ? pid : -pid, signal);
    return true;
  } catch {
    // ESRCH: every member already exited.
    return false;
  }
}

/**
 * Send `first` (SIGTERM unless given) to the group, wait up to `graceMs` for
 * the leader, then SIGKILL the group regardless: the leader may exit while a
 * grandchild that ignores the first signal lives on. The pgid cannot be
 * reused by an unrelated group while any member is alive, so the second
 * signal only reaches our own leftovers.
 */
export async function killProcessGroup(
  leader: GroupLeader,
  graceMs: number = KILL_GRACE_MS,
  first: Deno.Signal = "SIGTERM",
): Promise<void> {
  if (!signalGroup(leader.pid, first)) {
    await leader.status;
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<void>((resolve) => timer = setTimeout(resolve, graceMs));
  await Promise.race([leader.status.then(() => {}), grace]);
  clearTimeout(timer);
  signalGroup(leader.pid, "SIGKILL");
  await leader.status;
}
