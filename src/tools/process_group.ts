/**
 * Process-group spawning and killing for bash. A shell command fans out
 * (`make` runs compilers, `cmd &` leaves jobs), and killing only the shell
 * leaves those running with our pipe open. So the shell starts detached
 * (Deno calls setsid: it leads a new session and process group whose id is
 * its pid) and on timeout or cancel the whole group gets SIGTERM, then
 * SIGKILL.
 *
 * @module
 */

/** How long a group gets to exit after SIGTERM before SIGKILL. */
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
 * SIGTERM the group, wait up to `graceMs` for the leader, then SIGKILL the
 * group regardless: the leader may die on SIGTERM while a grandchild that
 * ignores it lives on. The pgid cannot be reused by an unrelated group while
 * any member is alive, so the second signal only reaches our own leftovers.
 */
export async function killProcessGroup(
  leader: GroupLeader,
  graceMs: number = KILL_GRACE_MS,
): Promise<void> {
  if (!signalGroup(leader.pid, "SIGTERM")) {
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
