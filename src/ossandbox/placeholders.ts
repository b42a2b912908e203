/**
 * Write protection that never rests on a file someone can delete. The OS
 * sandbox keeps a path that does not exist yet from being created by
 * mounting something over it, and a mount needs a mount point: an empty
 * file it leaves in the user's directory. Whoever deletes that file on the
 * host (a `git clean`, another zot ending and tidying up) takes the
 * protection away from the process still running. So a missing protected
 * path is protected another way: the directory it would appear in is not
 * writable at all, and its existing entries are made writable one by one
 * instead (never a symlink, which would lend write access to its target;
 * never a protected name). Nothing new can then be created at that level,
 * and no mount point is ever made.
 *
 * @module
 */

import { dirname, join } from "../path.ts";

/** More entries than this in one directory would each need a mount: refuse instead. */
export const MAX_SPLIT_ENTRIES = 512;

export type Split = {
  ok: true;
  write: string[];
  writeDeny: string[];
  /** Directories made read-only, each with the entries it holds (what a read grant becomes). */
  closed: Map<string, string[]>;
} | {
  ok: false;
  error: string;
};

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.lstat(path)).isDirectory;
  } catch {
    return false;
  }
}

const within = (root: string, p: string) => p === root || root === "/" || p.startsWith(root + "/");

/**
 * `write` and `writeDeny` rewritten so that every path of `writeDeny` that does not exist lies
 * in a directory that is not writable. Paths are absolute and real. Names compare without case
 * (a case-insensitive file system takes `.GIT` for `.git`).
 */
export async function withoutPlaceholders(
  write: readonly string[],
  writeDeny: readonly string[],
): Promise<Split> {
  const denied = new Set(writeDeny.map((p) => p.toLowerCase()));
  const present: string[] = [];
  const missing: string[] = [];
  for (const p of writeDeny) (await exists(p) ? present : missing).push(p);
  const roots = new Set(write);
  const closed = new Map<string, string[]>();
  for (const path of missing) {
    // The nearest directory that exists is where the path would be created.
    let parent = dirname(path);
    while (parent !== "/" && !(await exists(parent))) parent = dirname(parent);
    // Nothing can be created inside a file (a write grant of one file).
    if (!(await isDirectory(parent))) continue;
    let at = [...roots].find((r) => within(r, parent));
    if (at === undefined) continue; // not writable anyway
    while (true) {
      roots.delete(at);
      const next = at === parent ? undefined : parent.slice(at.length + 1).split("/")[0];
      const held: string[] = [];
      closed.set(at, held);
      let count = 0;
      for await (const entry of Deno.readDir(at)) {
        if (++count > MAX_SPLIT_ENTRIES) {
          return {
            ok: false,
            error: `"${at}" holds more than ${MAX_SPLIT_ENTRIES} entries, too many to make ` +
              `writable one by one (grant a subdirectory instead)`,
          };
        }
        const full = join(at, entry.name);
        if (!entry.isSymlink) held.push(full);
        if (entry.name === next || entry.isSymlink || denied.has(full.toLowerCase())) continue;
        roots.add(full);
      }
      if (next === undefined) break;
      at = join(at, next);
    }
  }
  // A present protected path under a directory no longer writable needs no mount of its own.
  const stillWritable = (p: string) => [...roots].some((r) => within(r, p));
  return { ok: true, write: [...roots], writeDeny: present.filter(stillWritable), closed };
}

/**
 * Read grants that fit `split`: the OS sandbox mounts read grants after write grants, so a read
 * grant of a directory made read-only would cover its writable entries again; it becomes the
 * entries themselves. A read grant above such a directory cannot be expressed: refused.
 */
export function readsAround(
  read: readonly string[],
  closed: ReadonlyMap<string, readonly string[]>,
): { ok: true; read: string[] } | { ok: false; error: string } {
  const out: string[] = [];
  for (const r of read) {
    const entries = closed.get(r);
    if (entries) {
      out.push(...entries);
      continue;
    }
    const below = [...closed.keys()].find((d) => d !== r && within(r, d));
    if (below) {
      return {
        ok: false,
        error: `reading "${r}" and writing in "${below}" cannot both be enforced ` +
          `(grant narrower reads)`,
      };
    }
    out.push(r);
  }
  return { ok: true, read: out };
}
