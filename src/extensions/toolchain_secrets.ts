/**
 * Files inside a toolchain tree that may hold credentials: a global `npmrc` of a Node installed by
 * nvm (`versions/node/v20/etc/npmrc`, written by `npm config set --global`), a `pip.conf` next to a
 * Python with a private index URL, a `.netrc`. A confined extension gets the tree read-only
 * (toolchain_roots.ts) but never these: each is denied by name inside the readable tree.
 *
 * The scan walks the whole tree, at any depth and into every folder (a credential file under
 * `lib/` or `node_modules/` is still a credential file). It is bounded by a number of entries;
 * a scan that reaches the bound is reported incomplete, and the caller must then not open the
 * tree: what a scan did not see could be anything.
 *
 * @module
 */

import { basename, join } from "../path.ts";

/** File names that hold credentials wherever they are in a toolchain tree. */
export const CREDENTIAL_FILES: readonly string[] = [
  "npmrc",
  ".npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  "pip.conf",
  "pip.ini",
  ".pypirc",
  ".netrc",
  ".git-credentials",
  "credentials",
  "credentials.toml",
  "auth.json",
];

/**
 * Entries a scan looks at before it gives up. One installed Python with many packages has about
 * 60,000; a whole pyenv with nine versions, 130,000 (toolchain_roots.ts opens only the versions
 * in use).
 */
export const MAX_SCAN_ENTRIES = 100_000;

/** The credential files found in a whole tree, or why the scan did not finish. */
export type CredentialScan =
  | { complete: true; found: string[]; entries: number }
  | { complete: false; why: string };

/** Scans running now, by tree and bound. */
const running = new Map<string, Promise<CredentialScan>>();

/**
 * The credential files under `tree` (symlinks are not followed), or why the scan stopped.
 * Extensions start together: one that asks while the same tree is being scanned shares that
 * scan. Nothing is kept once it ends, so a later start never gets an old answer.
 */
export function scanCredentialFiles(
  tree: string,
  maxEntries = MAX_SCAN_ENTRIES,
): Promise<CredentialScan> {
  const key = `${maxEntries}\0${tree}`;
  let scan = running.get(key);
  if (!scan) {
    scan = walk(tree, maxEntries).finally(() => running.delete(key));
    running.set(key, scan);
  }
  return scan;
}

async function walk(tree: string, maxEntries: number): Promise<CredentialScan> {
  const found: string[] = [];
  let entries = 0;
  const pending = [tree];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let list: Deno.DirEntry[];
    try {
      list = await Array.fromAsync(Deno.readDir(dir));
    } catch (e) {
      // A file (a credential file itself, when opened on its own), or gone since: nothing below
      // it to read. Anything else may hide a credential.
      if (e instanceof Deno.errors.NotADirectory) {
        if (CREDENTIAL_FILES.includes(basename(dir))) found.push(dir);
        continue;
      }
      if (e instanceof Deno.errors.NotFound) continue;
      return { complete: false, why: `"${dir}" could not be listed (${String(e)})` };
    }
    entries += list.length;
    if (entries > maxEntries) {
      return { complete: false, why: `"${tree}" holds more than ${maxEntries} entries` };
    }
    for (const entry of list) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) pending.push(path);
      else if (CREDENTIAL_FILES.includes(entry.name)) found.push(path);
    }
  }
  return { complete: true, found: found.sort(), entries };
}
