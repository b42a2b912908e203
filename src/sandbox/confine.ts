/**
 * The view of the runner of an extension whose scope grants `run`. A program
 * started through a `run` grant is not under Deno's permission checks: it can
 * do all the program can, and `git` (an alias is a shell), `sh`, `python` …
 * can do anything the user can. The view is the inner half of its
 * confinement; it always runs inside the OS sandbox (run_grant.ts), which
 * gives it a PID namespace with a `/proc` of its own (any process of the same
 * user can read another's start-up environment from `/proc/<pid>/environ`,
 * and zot's holds API keys: zot is simply not there), refuses Unix sockets
 * (a daemon listening on one, such as Docker's or an ssh agent, would act
 * outside the view for the program) and a network holding nothing but the
 * way to its filtering proxy, which lets through the scope's hosts only.
 *
 * That OS sandbox also hides, by directory, zot's state (`auth.json`,
 * sessions, grants, other extensions and their data; the extension's own
 * directories come back), the user's home (what the scope grants there and
 * what the runner needs to start come back), the shared `/tmp` and the
 * per-user runtime and multiplexer socket directories: its own processes
 * (the shell and relays that start this view) share the PID namespace, and
 * `/proc/<pid>/root` of any of them shows the OS sandbox's view, so the
 * hiding belongs there, once. This view adds what the OS sandbox does not
 * give: a writable `/tmp` of the program's own (what the scope grants there
 * comes back), and, for a scope without network hosts (nor import hosts), a
 * network namespace with nothing in it, not even the way to the proxy.
 * bubblewrap (`bwrap`) does this without privileges on Linux. Where it is
 * missing, or not on Linux, such an extension does not start: there is no
 * unconfined fallback.
 * `--die-with-parent` ends the namespace with its `bwrap` (verified on Deno
 * 2.9.6: Deno spawns from its main thread, so the parent-death signal does
 * not fire when a worker thread of zot retires).
 *
 * @module
 */

import { delimiter, join } from "../path.ts";
import { isInside } from "../path_inside.ts";
import { existsSync } from "../path_exists.ts";

export interface ConfineContext {
  /** The extension's name, for messages. */
  name: string;
  /** The granted program names, for messages. */
  run: readonly string[];
  /** Real paths: zot's state directory, the extension's directory and its data directory. */
  zotHome: string;
  extensionDir: string;
  dataDir: string;
  /**
   * The runner's own Deno directory (inside `$ZOT_HOME`): put back read only, so the runner
   * starts with its module cache while the program cannot plant code in the cache every
   * other sandboxed extension loads from, nor turn web storage back on.
   */
  denoDir?: string;
  /** zot's `PATH`, where `bwrap` is looked up. */
  searchPath: string;
  /** zot's `TMUX_TMPDIR`, where tmux keeps its server's socket. */
  tmuxTmpdir?: string;
  /** Defaults to `Deno.build.os`. */
  os?: string;
  /** The user's home directory (real path): hidden, with the grants below put back. */
  home?: string;
  /** Real paths the scope grants for reading and for writing (put back when in the home). */
  reads?: readonly string[];
  writes?: readonly string[];
  /** Real paths the runner needs to start (the Deno executable's folder, zot's code): read only. */
  runtime?: readonly string[];
  /**
   * Whether the scope names network hosts (`net` or `import`). Without, the view has no network
   * at all; with, it shares the OS sandbox's, which leads only to the proxy.
   */
  hosts: boolean;
  /**
   * Paths inside the write grants that stay unwritable (a repository's .git, .zot): Deno keeps
   * the extension out of them; this keeps the programs it starts out too, where they exist.
   */
  denyWrite?: readonly string[];
}

export type Confined = { ok: true; command: string; args: string[] } | { ok: false; why: string };

/** Wrap `command args` so that it runs confined as described above, or say why it cannot. */
export function confineRunGrant(
  command: string,
  args: readonly string[],
  ctx: ConfineContext,
): Confined {
  const granted = ctx.run.join(", ");
  if ((ctx.os ?? Deno.build.os) !== "linux") {
    return {
      ok: false,
      why:
        `its scope grants "run" (${granted}), and zot can keep programs it starts away from your API keys only on Linux, with bubblewrap (remove scope.run from ${ctx.name}'s extension.json to run it here)`,
    };
  }
  const bwrap = findExecutable("bwrap", ctx.searchPath);
  if (!bwrap) {
    return {
      ok: false,
      why:
        `its scope grants "run" (${granted}), and programs it starts must run confined by bubblewrap, which is not installed (run "apt install bubblewrap")`,
    };
  }
  // The user's file system and devices as the OS sandbox around shows them (zot's state, the
  // home and the shared /tmp hidden but for what the scope grants: run_grant.ts). Its TMPDIR is a
  // directory no confined process may write: unset, programs use the view's own /tmp.
  const view = ["--dev-bind", "/", "/", "--die-with-parent", "--unsetenv", "TMPDIR"];
  // A PID namespace below the OS sandbox's: the sandbox's own helpers (its shell and network
  // relays, which run without its seccomp filter) have no pid the program could ptrace or
  // signal. (`/proc` stays the OS sandbox's: the kernel refuses a second mount of it here.)
  view.push("--unshare-pid");
  // No hosts granted: no network at all, not even the way to the proxy.
  if (!ctx.hosts) view.push("--unshare-net");
  // A /tmp of its own, writable: other programs' temp files, sockets and the OS sandbox's own
  // bridges are not there to read or replace. What the scope grants there, and the extension's
  // own directories, come back, parents before children so a write grant inside a read grant
  // stays writable.
  view.push("--tmpfs", "/tmp");
  const back: [string, string][] = [
    ...(ctx.runtime ?? []).map((p): [string, string] => ["--ro-bind", p]),
    ...(ctx.reads ?? []).map((p): [string, string] => ["--ro-bind", p]),
    ["--ro-bind", ctx.extensionDir],
    ...(ctx.denoDir ? [["--ro-bind", ctx.denoDir] as [string, string]] : []),
    ...(ctx.writes ?? []).map((p): [string, string] => ["--bind", p]),
    ["--bind", ctx.dataDir],
  ];
  back.sort((a, b) => a[1].length - b[1].length);
  for (const [how, path] of back) {
    if ((path === "/tmp" || isInside("/tmp", path)) && existsSync(path)) view.push(how, path, path);
  }
  return {
    ok: true,
    command: bwrap,
    args: [...view, "--chdir", ctx.extensionDir, "--", command, ...args],
  };
}

/** Existing directories where servers of this user listen: tmux, screen, `/run/user/<uid>`. */
export function sessionSocketDirs(tmuxTmpdir?: string): string[] {
  const uid = Deno.uid();
  if (uid === null) return [];
  const candidates = [
    join(tmuxTmpdir || "/tmp", `tmux-${uid}`),
    `/run/user/${uid}`,
    "/run/screen",
  ];
  return candidates.filter((dir) => {
    try {
      return Deno.lstatSync(dir).isDirectory;
    } catch {
      return false;
    }
  });
}

/** The first regular executable file `name` on the `:`-separated `searchPath`. */
export function findExecutable(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(delimiter)) {
    // An empty entry would mean zot's cwd, the project: never look there.
    if (dir === "") continue;
    const path = join(dir, name);
    try {
      const info = Deno.statSync(path);
      if (info.isFile && ((info.mode ?? 0o755) & 0o111) !== 0) return path;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
