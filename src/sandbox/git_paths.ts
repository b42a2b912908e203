/**
 * The places git takes code from when it runs in a directory: its hooks
 * directory (`core.hooksPath` included) and every configuration file it
 * reads or is told to include (a config can name programs: `core.fsmonitor`,
 * `core.sshCommand`, filters, aliases). Asked from git itself, so its own
 * rules decide (worktrees, relative hook paths, include conditions). A write
 * grant that covers one of these would let an extension run programs the
 * next time you use git there (write_guard.ts refuses it).
 *
 * No git on the PATH, or no repository, yields fewer places, never an error:
 * without git nothing runs them.
 *
 * @module
 */

import { dirname, isAbsolute, join, resolve } from "../path.ts";
import { realish } from "./symlinks.ts";

/** A place git runs code from, and what it is. */
export interface GitPlace {
  path: string;
  what: string;
}

/** Run git in `cwd`; stdout, or undefined when it fails or is missing. */
async function gitOutput(cwd: string, args: string[]): Promise<string | undefined> {
  try {
    const out = await new Deno.Command("git", {
      args,
      cwd,
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.success ? new TextDecoder().decode(out.stdout) : undefined;
  } catch {
    return undefined;
  }
}

/** The nearest existing directory at or above `p`. */
async function nearestDir(p: string): Promise<string> {
  for (let d = p;; d = dirname(d)) {
    try {
      if ((await Deno.stat(d)).isDirectory) return d;
    } catch { /* not there yet: a grant may name a directory the extension creates */ }
    if (dirname(d) === d) return d;
  }
}

/**
 * Where git, run at `dir` (or the nearest existing directory above it),
 * takes hooks and configuration from. `home` expands `~/` in paths.
 */
export async function gitPlaces(dir: string, home?: string): Promise<GitPlace[]> {
  const cwd = await nearestDir(dir);
  const places: GitPlace[] = [];
  const expand = (p: string, base: string) =>
    p.startsWith("~/") && home ? join(home, p.slice(2)) : isAbsolute(p) ? p : resolve(base, p);
  // Both at once: each is a process start, which dominates.
  const [hooks, list] = await Promise.all([
    gitOutput(cwd, ["rev-parse", "--git-path", "hooks"]),
    // -z: "origin NUL key LF value NUL" per entry.
    gitOutput(cwd, ["config", "--list", "--show-origin", "-z"]),
  ]);
  if (hooks?.trim()) places.push({ path: resolve(cwd, hooks.trim()), what: "git hooks" });
  const fields = list?.split("\0") ?? [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i];
    const nl = fields[i + 1].indexOf("\n");
    const key = (nl < 0 ? fields[i + 1] : fields[i + 1].slice(0, nl)).toLowerCase();
    const value = nl < 0 ? "" : fields[i + 1].slice(nl + 1);
    if (!origin.startsWith("file:")) continue;
    const file = expand(origin.slice(5), cwd);
    places.push({ path: file, what: "git configuration" });
    if (key === "include.path" || (key.startsWith("includeif.") && key.endsWith(".path"))) {
      places.push({ path: expand(value, dirname(file)), what: "git configuration (included)" });
    } else if (key === "core.hookspath" && (isAbsolute(value) || value.startsWith("~/"))) {
      places.push({ path: expand(value, cwd), what: "git hooks (core.hooksPath)" });
    }
  }
  const seen = new Set<string>();
  const out: GitPlace[] = [];
  for (const p of places) {
    const path = await realish(p.path);
    if (!seen.has(path)) {
      seen.add(path);
      out.push({ path, what: p.what });
    }
  }
  return out;
}
