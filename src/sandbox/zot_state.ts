/**
 * zot's own state is never readable by an extension, whatever its read
 * grant. A grant of `/`, of the home directory or of `$ZOT_HOME` itself
 * would otherwise hand out the stored API keys (`auth.json`), whole
 * conversations (`sessions/`), the consents, the logs of every extension and
 * the data of other extensions: the user agreed to "your home directory",
 * not to that.
 *
 * What stays readable inside `$ZOT_HOME` is the extension's own directory
 * and data directory (and, for an npm server, its package in the cache):
 * the "kept" paths. Everything else there is hidden: every entry of
 * `$ZOT_HOME` and of each directory on the way down to a kept path, except
 * the next step of that way, plus the state names of {@linkcode ZOT_STATE_NAMES}
 * even before they exist (zot creates `auth.json` at the first login, maybe
 * while the extension runs).
 *
 * Deno combines its flags by specificity: `--allow-read=/` with
 * `--deny-read=X` denies X and everything below it, the deny wins over an
 * allow of X itself, but an allow of a path BELOW X wins over the deny
 * (measured on Deno 2.9.6). So a read grant inside a hidden entry is dropped
 * here, or it would reopen what the deny closes. Deno's checks are lexical:
 * a symlink into the state would read it under another name, which the walk
 * of the granted trees refuses (see {@linkcode stateLinkRules}).
 *
 * @module
 */

import { join } from "../path.ts";
import { ZOT_STATE_NAMES } from "../config/state_names.ts";

/** More entries than this on the way down to the kept paths: refuse, the deny would be too long. */
export const MAX_STATE_ENTRIES = 2048;

/** `$ZOT_HOME` and what stays readable in it, all real paths. */
export interface StatePlaces {
  zotHome: string;
  /** The extension's own directory, its data directory, an npm server's package. */
  keep: readonly string[];
}

const within = (root: string, p: string) => p === root || root === "/" || p.startsWith(root + "/");

/** The kept paths strictly inside `$ZOT_HOME` (one covering it keeps nothing of it). */
function keptInside(places: StatePlaces): string[] {
  return places.keep.filter((k) => k !== places.zotHome && within(places.zotHome, k));
}

/**
 * True for a path an extension may not read: inside `$ZOT_HOME`, neither
 * inside a kept path nor on the way down to one.
 */
export function isHiddenState(places: StatePlaces, path: string): boolean {
  if (!within(places.zotHome, path)) return false;
  const kept = keptInside(places);
  return !kept.some((k) => within(k, path) || within(path, k));
}

/**
 * True when a symlink to `target` would reach zot's state under another name:
 * the target is hidden, on the way down to a kept path, or holds `$ZOT_HOME`.
 */
export function reachesState(places: StatePlaces, target: string): boolean {
  if (within(target, places.zotHome)) return true;
  if (!within(places.zotHome, target)) return false;
  return !keptInside(places).some((k) => within(k, target));
}

/** True when one of `readable` lets something of zot's state be read. */
export function exposesState(places: StatePlaces, readable: readonly string[]): boolean {
  return readable.some((r) => within(r, places.zotHome) || isHiddenState(places, r));
}

export type StateDeny = { ok: true; deny: string[] } | { ok: false; error: string };

/**
 * Every path to deny so that nothing of zot's state is readable but the kept
 * paths: the entries of `$ZOT_HOME` and of each directory on the way down to
 * a kept path, except that way, plus the state names that do not exist yet.
 */
export async function stateDenyList(
  places: StatePlaces,
  maxEntries = MAX_STATE_ENTRIES,
): Promise<StateDeny> {
  const kept = keptInside(places);
  const onTheWay = (p: string) => kept.some((k) => within(p, k));
  const deny = new Set(ZOT_STATE_NAMES.map((n) => join(places.zotHome, n)));
  const stack = [places.zotHome];
  let count = 0;
  while (stack.length) {
    const dir = stack.pop()!;
    try {
      for await (const entry of Deno.readDir(dir)) {
        if (++count > maxEntries) {
          return {
            ok: false,
            error: `"${places.zotHome}" holds more than ${maxEntries} entries on the way to the ` +
              `extension's own directories, too many to keep unreadable one by one ` +
              `(grant a narrower read that leaves out zot's state)`,
          };
        }
        const path = join(dir, entry.name);
        // A kept path is readable with all it holds; a directory on the way is walked.
        if (kept.includes(path)) continue;
        if (onTheWay(path) && entry.isDirectory) stack.push(path);
        else deny.add(path);
      }
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
  // A state name on the way down (a kept path below "sessions") is not denied, or it would win.
  return { ok: true, deny: [...deny].filter((p) => !onTheWay(p)).sort() };
}

/** `read` without the grants that lie in hidden state (Deno lets such an allow beat the deny). */
export function withoutStateReads(places: StatePlaces, read: readonly string[]): string[] {
  return read.filter((r) => !isHiddenState(places, r));
}

/**
 * What a runner with `readable` must be denied: nothing when no grant reaches
 * zot's state, else {@linkcode stateDenyList}.
 */
export async function stateDenyFor(
  places: StatePlaces,
  readable: readonly string[],
): Promise<StateDeny> {
  if (!exposesState(places, readable)) return { ok: true, deny: [] };
  return await stateDenyList(places);
}
