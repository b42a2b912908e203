/**
 * zot's own state is never readable by an extension, whatever its read
 * grant. A grant of `/`, of the home directory or of `$ZOT_HOME` itself
 * would otherwise hand out the stored API keys (`auth.json`), whole
 * conversations (`sessions/`), the consents, the logs of every extension and
 * the data and code of other extensions: the user agreed to "your home
 * directory", not to that.
 *
 * What stays readable inside `$ZOT_HOME` is the extension's own directory
 * and data directory (and, for an npm server, its package in the cache):
 * the "kept" paths. Everything else there is hidden, including what zot
 * writes there after the start (the first login's `auth.json`, the data
 * directory of an extension installed meanwhile).
 *
 * Deno combines its read flags by specificity (measured on Deno 2.9.6):
 * `--allow-read=/` with `--deny-read=X` denies X and everything below it,
 * the deny wins over an allow of X itself, and an allow of a path BELOW X
 * wins over the deny. So the runner denies `$ZOT_HOME` as a whole and its
 * kept paths, granted on their own, stay readable; were Deno ever to let
 * the deny win there too, the extension would fail to start (closed), never
 * read more. The same rule makes any other grant inside `$ZOT_HOME`
 * dangerous (`$ZOT_HOME/extension-data` would reopen every extension's
 * data): it is refused at start. Deno's checks are lexical: a symlink into
 * the state would read it under another name, which the walk of the granted
 * trees refuses (see {@linkcode reachesState}).
 *
 * @module
 */

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
 * True for a path inside `$ZOT_HOME` that is neither inside a kept path nor
 * on the way down to one: what a walk of the granted trees need not enter.
 */
export function isHiddenState(places: StatePlaces, path: string): boolean {
  if (!within(places.zotHome, path)) return false;
  return !keptInside(places).some((k) => within(k, path) || within(path, k));
}

/**
 * True for a read grant that may not be given: inside `$ZOT_HOME` (not
 * `$ZOT_HOME` itself, which the deny covers exactly) and outside every kept
 * path. Deno would let it win over the deny of `$ZOT_HOME`.
 */
export function isStateGrant(places: StatePlaces, path: string): boolean {
  if (path === places.zotHome || !within(places.zotHome, path)) return false;
  return !keptInside(places).some((k) => within(k, path));
}

/**
 * True when a symlink to `target` would reach zot's state under another name:
 * the target lies in `$ZOT_HOME` outside the kept paths, or holds `$ZOT_HOME`.
 */
export function reachesState(places: StatePlaces, target: string): boolean {
  if (within(target, places.zotHome)) return true;
  if (!within(places.zotHome, target)) return false;
  return !keptInside(places).some((k) => within(k, target));
}

/** True when one of `readable` lets something of zot's state be read. */
export function exposesState(places: StatePlaces, readable: readonly string[]): boolean {
  return readable.some((r) => within(r, places.zotHome) || isStateGrant(places, r));
}

/**
 * What a runner with `readable` is denied (`--deny-read`): `$ZOT_HOME` when
 * a grant reaches into it, else nothing (a narrow scope keeps its runner's
 * flags as they were, and the Worker runner, which cannot deny, usable).
 */
export function stateDenyFor(places: StatePlaces, readable: readonly string[]): string[] {
  return exposesState(places, readable) ? [places.zotHome] : [];
}

/** `path` with the case of every letter swapped: the same path only where case is ignored. */
export function swapCase(path: string): string {
  return [...path].map((c) => c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()).join("");
}

/**
 * True when the file system at `dir` ignores case (macOS and Windows by
 * default): there `.../ZOT/auth.json` opens `.../zot/auth.json`, and Deno's
 * lexical deny of the one does not stop a read of the other.
 */
export async function ignoresCase(dir: string): Promise<boolean> {
  const swapped = swapCase(dir);
  if (swapped === dir) return false;
  try {
    const [a, b] = await Promise.all([Deno.stat(dir), Deno.stat(swapped)]);
    return a.dev === b.dev && a.ino !== null && a.ino === b.ino;
  } catch {
    return false;
  }
}
