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

/**
 * Walk each of `roots` (real paths) and fail on the first symlink whose
 * target is outside all of `allowed` or inside one of `denied` (real paths).
 * Missing roots are fine.
 */
export async function checkNoOutwardSymlinks(
  roots: string[],
  allowed: string[],
  maxEntries: number = MAX_WALK_ENTRIES,
  denied: string[] = [],
): Promise<SymlinkCheck> {
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
      if (e.isSymlink) {
        const { target, dangling } = await linkTarget(path);
        const yet = dangling ? " (which does not exist yet)" : "";
        if (!allowed.some((a) => inside(a, target))) {
          return {
            ok: false,
            error: `"${path}" is a symlink to "${target}"${yet}, outside what the scope grants`,
          };
        }
        // Deny lists are lexical too: a write through the link would land in the denied place.
        const off = denied.find((d) => inside(d, target));
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
