/**
 * Deno checks `read`/`write` paths lexically: a symlink that already sits
 * inside a granted directory and points elsewhere is followed by the OS, so
 * the grant would leak whatever it points at (measured). Before granting a
 * directory the host walks it and refuses when a link resolves outside every
 * granted root. Extensions cannot plant new links themselves: `Deno.symlink`
 * needs unscoped read and write, which a scope never gives.
 *
 * @module
 */

import { join } from "../path.ts";

/** Entries walked per launch before giving up (a grant that large must be narrowed). */
export const MAX_WALK_ENTRIES = 100_000;

export type SymlinkCheck = { ok: true } | { ok: false; error: string };

const inside = (root: string, p: string) => p === root || root === "/" || p.startsWith(root + "/");

/**
 * Walk each of `roots` (real paths) and fail on the first symlink whose
 * target is outside all of `allowed` (real paths). Missing roots are fine.
 */
export async function checkNoOutwardSymlinks(
  roots: string[],
  allowed: string[],
  maxEntries: number = MAX_WALK_ENTRIES,
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
        let target: string;
        try {
          target = await Deno.realPath(path);
        } catch {
          continue; // dangling: it leads nowhere the worker could read
        }
        if (!allowed.some((a) => inside(a, target))) {
          return {
            ok: false,
            error: `"${path}" is a symlink to "${target}", outside what the scope grants`,
          };
        }
      } else if (e.isDirectory) stack.push(path);
    }
  }
  return { ok: true };
}
