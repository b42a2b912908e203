/**
 * Read grants that leave one directory out. The OS sandbox hides everything
 * ("/" is denied) and mounts back what is allowed; a deny inside an allowed
 * tree holds only for what exists when the command starts (a missing path
 * has nothing to mount over), so a file created later in the hidden
 * directory would be readable. Instead, an allowed tree that holds the hidden
 * directory is replaced by its pieces around it: at each level from the
 * grant down to the hidden directory, every entry but the next step of the
 * way. Nothing inside the hidden directory is then mounted at all, existing
 * or not; only the kept paths inside it, listed on their own, are. (Entries
 * created later at those levels are not visible either: the price of never
 * mounting the hidden directory.)
 *
 * @module
 */

import { join } from "../path.ts";

/** More entries than this on the way down to the hidden directory: refuse instead. */
export const MAX_AROUND_ENTRIES = 2048;

export type HiddenReads = { ok: true; read: string[] } | { ok: false; error: string };

const within = (root: string, p: string) => p === root || root === "/" || p.startsWith(root + "/");

/**
 * `read` rewritten so that nothing in `hidden` is readable but what lies in
 * `keep`: a grant holding `hidden` becomes its pieces around it, a grant
 * inside `hidden` stays only inside a kept path. Paths are absolute and real.
 */
export async function readsAroundHidden(
  read: readonly string[],
  hidden: string,
  keep: readonly string[],
  maxEntries = MAX_AROUND_ENTRIES,
): Promise<HiddenReads> {
  const out: string[] = [];
  let count = 0;
  for (const r of read) {
    if (within(hidden, r)) {
      if (r !== hidden && keep.some((k) => within(k, r))) out.push(r);
      continue;
    }
    if (!within(r, hidden)) {
      out.push(r);
      continue;
    }
    let at = r;
    while (at !== hidden) {
      const rest = at === "/" ? hidden.slice(1) : hidden.slice(at.length + 1);
      const next = rest.split("/")[0];
      try {
        for await (const entry of Deno.readDir(at)) {
          if (++count > maxEntries) {
            return {
              ok: false,
              error: `reading "${r}" while keeping "${hidden}" unreadable needs more than ` +
                `${maxEntries} entries on the way to be granted one by one (grant narrower reads)`,
            };
          }
          if (entry.name !== next) out.push(join(at, entry.name));
        }
      } catch (e) {
        if (!(e instanceof Deno.errors.NotFound)) throw e;
        break; // nothing there to hide
      }
      at = join(at, next);
    }
  }
  return { ok: true, read: [...new Set(out)] };
}
