/**
 * Files inside a toolchain tree that may hold credentials: a global `npmrc` of a Node installed by
 * nvm (`versions/node/v20/etc/npmrc`, written by `npm config set --global`), a `pip.conf` next to a
 * Python with a private index URL, a `.netrc`. A confined extension gets the tree read-only
 * (toolchain_roots.ts) but never these: each is denied by name inside the readable tree.
 *
 * The walk is bounded (depth and entries) and skips the folders that hold only code (libraries,
 * headers, `node_modules`), so opening a tree stays cheap; what lies deeper than the walk goes
 * stays readable, which the docs say.
 *
 * @module
 */

import { join } from "../path.ts";

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

/** Folders with code only, not walked into. */
const CODE_ONLY = new Set([
  "node_modules",
  "lib",
  "lib64",
  "include",
  "share",
  "man",
  "site-packages",
  "__pycache__",
  ".git",
]);

const MAX_DEPTH = 6;
const MAX_ENTRIES = 5000;

/** The credential files under `tree` (symlinks are not followed). */
export async function credentialFilesIn(tree: string): Promise<string[]> {
  const found: string[] = [];
  let budget = MAX_ENTRIES;
  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (--budget < 0) return;
      const path = join(dir, entry.name);
      if (CREDENTIAL_FILES.includes(entry.name) && !entry.isDirectory) found.push(path);
      else if (entry.isDirectory && depth < MAX_DEPTH && !CODE_ONLY.has(entry.name)) {
        await walk(path, depth + 1);
      }
    }
  };
  await walk(tree, 1);
  return found.sort();
}
