/**
 * The fingerprint of an extension directory: one SHA-256 over every entry of
 * its tree, so trusting a project pins the code its extensions run, not only
 * their manifests. An entry is its path relative to the extension directory
 * and what it is: a regular file's content hash and whether it is executable,
 * a symlink's target text (and what the link reaches, hashed as if it were in
 * the tree, so a link to a file elsewhere in the repository pins that file's
 * content too), a directory. Entries are visited in byte order of their
 * names, so the same tree always gives the same hash whatever the file
 * system's listing order.
 *
 * The walk is bounded ({@linkcode TREE_LIMITS}): a tree past the limits is
 * not pinned at all, so it never runs from a trusted project; the user is
 * told why. Small trees also keep one hash per entry, which lets `zot trust`
 * say which files changed.
 *
 * @module
 */

import { join } from "../path.ts";

/** What a pinnable extension tree may hold at most. */
export const TREE_LIMITS = {
  /** Entries (files, symlinks, directories). */
  entries: 20_000,
  /** Bytes of file content read. */
  bytes: 256 * 1024 * 1024,
} as const;

/** Trees up to this many entries keep one hash per entry (for "which files changed"). */
export const LISTED_ENTRIES = 200;

export interface TreeHash {
  sha256: string;
  /** Per-entry hashes by relative path; absent for trees over {@linkcode LISTED_ENTRIES}. */
  entries?: Record<string, string>;
}

export type TreeHashResult = { ok: true; tree: TreeHash } | { ok: false; problem: string };

interface Walk {
  lines: string[];
  entries: Record<string, string>;
  bytes: number;
  /** Real paths of the directories being walked: a symlink loop is recorded, not followed. */
  open: Set<string>;
}

class TooLarge extends Error {}

const encoder = new TextEncoder();

function hex(digest: ArrayBuffer): string {
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

function record(walk: Walk, rel: string, what: string): void {
  if (walk.lines.length >= TREE_LIMITS.entries) {
    throw new TooLarge(`it has more than ${TREE_LIMITS.entries} files`);
  }
  walk.lines.push(`${JSON.stringify(rel)} ${what}`);
  walk.entries[rel] = what;
}

async function fileEntry(walk: Walk, path: string, info: Deno.FileInfo): Promise<string> {
  walk.bytes += info.size;
  if (walk.bytes > TREE_LIMITS.bytes) {
    throw new TooLarge(`its files hold more than ${TREE_LIMITS.bytes / 1024 / 1024} MiB`);
  }
  const content = await sha256(await Deno.readFile(path));
  const exec = ((info.mode ?? 0) & 0o111) !== 0 ? "x" : "-";
  return `file ${exec} ${content}`;
}

/** Name order by UTF-16 code units, the same on every machine and file system. */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function walkDir(walk: Walk, dir: string, rel: string): Promise<void> {
  const real = await Deno.realPath(dir);
  walk.open.add(real);
  const names: string[] = [];
  for await (const e of Deno.readDir(dir)) names.push(e.name);
  names.sort(byName);
  for (const name of names) {
    await walkEntry(walk, join(dir, name), rel === "" ? name : `${rel}/${name}`);
  }
  walk.open.delete(real);
}

async function walkEntry(walk: Walk, path: string, rel: string): Promise<void> {
  const info = await Deno.lstat(path);
  if (info.isSymlink) {
    const target = await Deno.readLink(path);
    // What the link reaches is part of the code: a link out of the tree must not
    // let the file it points at change unnoticed.
    let reached: Deno.FileInfo | undefined;
    try {
      reached = await Deno.stat(path);
    } catch {
      reached = undefined; // dangling: only its text is pinned
    }
    // A link back to a directory being walked is a loop: recorded, not followed.
    const loop = reached?.isDirectory && walk.open.has(await Deno.realPath(path));
    const what = reached?.isFile
      ? await fileEntry(walk, path, reached)
      : loop
      ? "loop"
      : reached?.isDirectory
      ? "dir"
      : "dangling";
    record(walk, rel, `link ${JSON.stringify(target)} ${what}`);
    if (reached?.isDirectory && !loop) await walkDir(walk, path, rel);
    return;
  }
  if (info.isDirectory) {
    record(walk, rel, "dir");
    await walkDir(walk, path, rel);
    return;
  }
  if (info.isFile) {
    record(walk, rel, await fileEntry(walk, path, info));
    return;
  }
  record(walk, rel, "special"); // a fifo or socket: its kind is pinned, nothing is read
}

/**
 * The fingerprint of the tree at `dir`, or why it cannot be pinned.
 * `outside` adds paths the extension runs from outside its directory (label
 * -> absolute path; a missing one is pinned as missing, so creating it later
 * is a change).
 */
export async function treeHash(
  dir: string,
  outside: Record<string, string> = {},
): Promise<TreeHashResult> {
  const walk: Walk = { lines: [], entries: {}, bytes: 0, open: new Set() };
  try {
    await walkDir(walk, dir, "");
    for (const [label, path] of Object.entries(outside).sort(([a], [b]) => byName(a, b))) {
      const there = await Deno.lstat(path).then(() => true, () => false);
      if (there) await walkEntry(walk, path, label);
      else record(walk, label, "missing");
    }
  } catch (e) {
    if (e instanceof TooLarge) {
      return { ok: false, problem: `its directory is too large to pin (${e.message})` };
    }
    return { ok: false, problem: `its directory cannot be read (${(e as Error).message})` };
  }
  const tree: TreeHash = { sha256: await sha256(encoder.encode(walk.lines.join("\n"))) };
  if (walk.lines.length <= LISTED_ENTRIES) tree.entries = walk.entries;
  return { ok: true, tree };
}

/**
 * Which entries differ between two listings, in words ("main.sh edited",
 * "lib/x.sh added", "old.sh removed"); undefined when either side is not listed.
 */
export function treeChanges(
  before: Record<string, string> | undefined,
  after: Record<string, string> | undefined,
): string[] | undefined {
  if (!before || !after) return undefined;
  const changes: string[] = [];
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(byName);
  for (const p of paths) {
    if (!(p in before)) changes.push(`${p} added`);
    else if (!(p in after)) changes.push(`${p} removed`);
    else if (before[p] !== after[p]) changes.push(`${p} ${describe(before[p], after[p])}`);
  }
  return changes;
}

function describe(before: string, after: string): string {
  // "file x <sha>" against "file - <sha>": only the executable bit moved.
  if (
    before.startsWith("file ") && after.startsWith("file ") && before.slice(7) === after.slice(7)
  ) {
    return after[5] === "x" ? "made executable" : "no longer executable";
  }
  return "edited";
}
