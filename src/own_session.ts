/**
 * Starting a child that leads a session and process group of its own,
 * without paying for a fork of zot.
 *
 * Deno's `detached: true` runs setsid() in the child between fork and exec,
 * and a hook there makes the runtime fork the whole zot process instead of
 * using posix_spawn. Measured on this project's 2-core machine (Deno 2.9.6):
 * a detached spawn blocks zot's event loop for 6–30 ms (it grows with zot's
 * memory), a plain one for about 1 ms. Extensions are started one spawn after
 * another on that loop, so the fork was most of what each extension added to
 * start-up. On Linux the same session comes from util-linux's `setsid`
 * program instead: spawned plainly, it calls setsid() and execs the real
 * program in the same process, so the pid zot gets is the program's and it
 * leads its own group, as with `detached`.
 *
 * The difference: with `detached` the session exists when the spawn returns;
 * through `setsid` it exists a moment later (when the wrapper has run, before
 * the program's first instruction). A group signal sent in that moment finds
 * no group: callers that must reach the process then signal its pid (it has
 * no children yet). And in that moment it is still in zot's group, so a
 * signal to the group (the terminal's Ctrl-C) reaches it too: an extension
 * is stopped by zot anyway, and zot's reaper sentinel is started again if it
 * ends that way (process_reaper.ts). `setsid` is taken only from the system's own folders, never from
 * `$PATH`, and only for a command given by absolute path that is an
 * executable file; anything else, and other systems, keep `detached`.
 *
 * @module
 */

/** Where util-linux installs `setsid`; `$PATH` is not searched (it is the user's to change). */
const SETSID_PATHS = ["/usr/bin/setsid", "/bin/setsid"];

/** How to spawn a command so that it leads a new session and process group. */
export interface SessionSpawn {
  command: string;
  args: string[];
  /** Whether Deno's `detached` must make the session (no `setsid` program to do it). */
  detached: boolean;
}

let setsidPath: string | null | undefined;

/** The system's `setsid` program, looked up once; undefined when there is none. */
function setsidProgram(): string | undefined {
  if (setsidPath === undefined) setsidPath = SETSID_PATHS.find(isExecutableFile) ?? null;
  return setsidPath ?? undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    const info = Deno.statSync(path);
    return info.isFile && ((info.mode ?? 0) & 0o111) !== 0;
  } catch {
    return false;
  }
}

/**
 * `command args…` as a spawn that leads its own session: through `setsid`
 * when it can (see the module doc), else with Deno's `detached`. A command
 * that is missing or not executable keeps `detached`, so the spawn fails
 * with Deno's own error, as before.
 */
export function inOwnSession(command: string, args: readonly string[]): SessionSpawn {
  const direct = { command, args: [...args], detached: true };
  if (Deno.build.os !== "linux" || !command.startsWith("/") || !isExecutableFile(command)) {
    return direct;
  }
  const setsid = setsidProgram();
  // `--`: nothing after it is read as an option of setsid's own.
  return setsid ? { command: setsid, args: ["--", command, ...args], detached: false } : direct;
}
