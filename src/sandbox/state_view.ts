/**
 * zot's state directory out of a sandboxed runner's sight, by the file
 * system rather than by Deno. Deno denies `$ZOT_HOME` to the runner
 * (zot_state.ts), but its checks are lexical: a symbolic link made after the
 * start inside a granted directory (a `git pull`, the model's bash writing
 * the project) to `$ZOT_HOME/auth.json` is read under the granted name. The
 * walk at start refuses links that exist then; later ones are only stopped
 * here. On Linux, a runner whose scope reads anything beyond its own
 * directories starts in a bubblewrap mount view where an empty directory
 * covers `$ZOT_HOME`, and only the extension's own directory (read only), its
 * data directory and the sandbox's Deno directory (read only) come back: a
 * link into the state then leads nowhere, whatever its name. The view has its
 * own PID namespace and `/proc`: a link to `/proc/<zot's pid>/root` would
 * otherwise reach the state as zot's own mount namespace shows it. Everything
 * else (the network, the other files Deno allows) is as without the view.
 *
 * Where bubblewrap is missing, such an extension does not start (no run
 * without the view); off Linux there is no such view, and the lexical deny
 * is what holds (documented).
 *
 * @module
 */

import { isInside } from "../path_inside.ts";
import { findExecutable } from "./confine.ts";

export interface StateViewContext {
  /** Real paths: zot's state directory, the extension's own directory and data directory. */
  zotHome: string;
  extensionDir: string;
  dataDir: string;
  /** The sandbox's Deno directory (inside `$ZOT_HOME`): the runner's module cache. */
  denoDir?: string;
  /** Real paths the runner may read (its scope's read and write grants, its own). */
  readable: readonly string[];
  /** zot's `PATH`, where `bwrap` is looked up. */
  searchPath: string;
  /** Defaults to `Deno.build.os`. */
  os?: string;
}

export type StateView =
  | { ok: true; command: string; args: string[] }
  | { ok: false; why: string };

/**
 * True when a link made later could lead the runner out of its grants: it
 * reads something beyond its own directories (and the sandbox's Deno
 * directory), where others may write.
 */
export function needsStateView(ctx: StateViewContext): boolean {
  const own = [ctx.extensionDir, ctx.dataDir, ...(ctx.denoDir ? [ctx.denoDir] : [])];
  return ctx.readable.some((r) => !own.some((o) => r === o || isInside(o, r)));
}

/** `command args` in the view described above, unchanged off Linux, or why it cannot start. */
export function withStateView(
  command: string,
  args: readonly string[],
  ctx: StateViewContext,
): StateView {
  if ((ctx.os ?? Deno.build.os) !== "linux") return { ok: true, command, args: [...args] };
  const bwrap = findExecutable("bwrap", ctx.searchPath);
  if (!bwrap) {
    return {
      ok: false,
      why: `its scope reads beyond its own directories, and zot keeps its own state out of ` +
        `reach of links made there later with bubblewrap, which is not installed ` +
        `(run "apt install bubblewrap")`,
    };
  }
  const view = ["--dev-bind", "/", "/", "--die-with-parent"];
  // A PID namespace with a /proc of its own: `/proc/<pid>/root` of a process outside the view
  // (zot's) would show the file system as that process sees it, state and all.
  view.push("--unshare-pid", "--proc", "/proc");
  view.push("--tmpfs", ctx.zotHome);
  const back: [string, string][] = [["--ro-bind", ctx.extensionDir], ["--bind", ctx.dataDir]];
  if (ctx.denoDir) back.push(["--ro-bind", ctx.denoDir]);
  for (const [how, path] of back) {
    if (path !== ctx.zotHome && isInside(ctx.zotHome, path)) view.push(how, path, path);
  }
  return { ok: true, command: bwrap, args: [...view, "--", command, ...args] };
}
