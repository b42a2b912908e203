/**
 * Deno checks `read`/`write` paths lexically: a symlink that already sits
 * inside a granted directory and points elsewhere is followed by the OS, so
 * the grant would leak whatever it points at (measured). Before granting a
 * directory the host walks it and refuses when a link leads outside every
 * granted root. A dangling link counts by where it points, not by whether
 * its target exists yet: the target can appear after the start (created by
 * you, by another program, or by the extension itself through another
 * grant), and the OS follows the link then. Extensions cannot plant new
 * links themselves: `Deno.symlink` needs unscoped read and write, which a
 * scope never gives.
 *
 * @module
 */

import { dirname, join, resolve } from "../path.ts";

/** Entries walked per launch before giving up (a grant that large must be narrowed). */
export const MAX_WALK_ENTRIES = 100_000;

export type SymlinkCheck = { ok: true } | { ok: false; error: string };

const inside = (root: string, p: string) => p === root || root === "/" || p.startsWith(root + "/");

/** Real path of `p`, or of its nearest existing ancestor joined with the rest. */
export async function realish(p: string): Promise<string> {
  try {
    return await Deno.realPath(p);
  } catch {
    const parent = dirname(p);
    if (parent === p) return p;
    return `${await realish(parent)}/${p.slice(parent.length).replace(/^\//, "")}`;
  }
}

/**
 * Where the link at `path` leads: its real target, or for a dangling link
 * the lexical target with its existing part resolved.
 */
async function linkTarget(path: string): Promise<{ target: string; dangling: boolean }> {
  try {
    return { target: await Deno.realPath(path), dangling: false };
  } catch {
    let text: string;
    try {
      text = await Deno.readLink(path);
    } catch {
      return { target: path, dangling: true }; // gone meanwhile: nothing to follow
    }
    return { target: await realish(resolve(dirname(path), text)), dangling: true };
  }
}

/** What a walk of the granted trees checks. */
export interface TreeRules {
  /** Real paths of every readable root (writable roots are among them). */
  readable: string[];
  /** Real paths of the writable roots. */
  writable: string[];
  /** Real paths inside writable roots that stay unwritable. */
  denied?: string[];
  /**
   * A rule for every entry (by name), told the writable root it lies in;
   * returns the error that refuses the start, if any.
   */
  entry?: (path: string, name: string, writableRoot: string | undefined) => string | undefined;
  maxEntries?: number;
  /** Paths neither checked nor walked: what stays unreadable whatever the grant (zot's state). */
  hidden?: (path: string) => boolean;
  /** Link targets refused even inside what is readable (they would read the hidden by another name). */
  unreadable?: (target: string) => boolean;
}

/**
 * Walk every granted tree once and fail on the first symlink that leads
 * outside what is readable, or, below a writable root, outside what is
 * writable or into a denied place (a write through it would land there),
 * or on the first entry `rules.entry` refuses. Missing roots are fine.
 */
export async function checkGrantedTrees(rules: TreeRules): Promise<SymlinkCheck> {
  const maxEntries = rules.maxEntries ?? MAX_WALK_ENTRIES;
  const denied = rules.denied ?? [];
  // A root inside another is walked as part of it.
  const roots = [...new Set(rules.readable)].filter((r) =>
    !rules.readable.some((o) => o !== r && inside(o, r))
  );
  // The innermost writable root holding a path, if any (longest first).
  const innermost = [...rules.writable].sort((a, b) => b.length - a.length);
  const writableRoot = (p: string) => innermost.find((w) => inside(w, p));
  let seen = 0;
  const stack = [...roots];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch {
      continue; // a file grant, or gone: nothing to walk
    }
    for (const e of entries) {
      if (++seen > maxEntries) {
        return {
          ok: false,
          error: `"${
            roots.join('", "')
          }" holds more than ${maxEntries} entries to check for symlinks (grant a narrower directory)`,
        };
      }
      const path = join(dir, e.name);
      if (rules.hidden?.(path)) continue;
      const w = writableRoot(path);
      const refused = rules.entry?.(path, e.name, w);
      if (refused) return { ok: false, error: refused };
      if (e.isSymlink) {
        const { target, dangling } = await linkTarget(path);
        const yet = dangling ? " (which does not exist yet)" : "";
        // A link in a writable root must stay in what is writable, or a
        // write through it could land in the manifest.
        const allowed = w ? rules.writable : rules.readable;
        if (!allowed.some((a) => inside(a, target))) {
          return {
            ok: false,
            error: `"${path}" is a symlink to "${target}"${yet}, outside what the scope grants`,
          };
        }
        // Deno's read checks are lexical: a link would read the hidden state under its own name.
        if (rules.unreadable?.(target)) {
          return {
            ok: false,
            error: `"${path}" is a symlink to "${target}"${yet}, into zot's own state, which no ` +
              `extension may read (remove the link or grant a narrower read)`,
          };
        }
        // Deny lists are lexical too: a write through the link would land in
        // the denied place, also through a link to a directory holding one
        // ("<root>/up -> <root>" makes "<root>/up/.git" a way into ".git").
        const off = w ? denied.find((d) => inside(d, target) || inside(target, d)) : undefined;
        if (off) {
          return {
            ok: false,
            error: `"${path}" is a symlink to "${target}"${yet}, into "${off}", which is kept ` +
              `out of the scope's reach`,
          };
        }
      } else if (e.isDirectory) stack.push(path);
    }
  }
  return { ok: true };
}
