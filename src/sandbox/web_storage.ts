/**
 * Web storage in the sandbox. `localStorage` and the Cache API need no
 * permission in Deno, and their data lands under the runner's Deno cache
 * directory keyed by the main module, which is the same for every
 * extension: one extension could read what another stored there, without
 * limit, and the data outlived the extension (measured on Deno 2.9.6).
 *
 * Two rules close that, both applied by the host before any extension code
 * runs:
 *
 * - The runner's Deno directory is zot's own (`$ZOT_HOME/sandbox-deno`),
 *   never the user's, and its `location_data` (where Deno keeps every
 *   origin's `localStorage` and Cache API data) is a regular file. Deno
 *   cannot create origin storage below a file, so writing fails in every
 *   realm an extension can reach: its own, a nested `Worker`, a
 *   `node:worker_threads` worker. Nothing is stored, so nothing is shared,
 *   counted or left behind.
 * - The runner deletes the storage globals (`WEB_STORAGE_GLOBALS` in
 *   config.ts) before loading the entry, so the APIs are absent rather than failing
 *   (the in-memory `sessionStorage` goes too).
 *
 * The module cache in that directory is written by Deno alone: no scope can
 * write to `$ZOT_HOME` (only to the extension's data directory inside it).
 *
 * @module
 */

import { join } from "../path.ts";

/** The runner's Deno directory below `$ZOT_HOME`. */
export const SANDBOX_DENO_DIR = "sandbox-deno";

/** Where Deno keeps origin storage below its directory; zot keeps a file there. */
export const LOCATION_DATA = "location_data";

const BLOCKER =
  "zot keeps this a file so that sandboxed extensions cannot use localStorage or the Cache API\n";

/**
 * Create (or repair) the runner's Deno directory and return its path. A
 * `location_data` that is not a regular file (deleted, or a directory from
 * before) is replaced, with whatever it held.
 */
export async function sandboxDenoDir(zotHome: string): Promise<string> {
  const dir = join(zotHome, SANDBOX_DENO_DIR);
  const blocker = join(dir, LOCATION_DATA);
  try {
    if ((await Deno.lstat(blocker)).isFile) return dir;
    await Deno.remove(blocker, { recursive: true });
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await Deno.writeTextFile(blocker, BLOCKER, { createNew: true, mode: 0o600 });
  } catch (e) {
    // Another extension starting at the same moment made it first.
    if (!(e instanceof Deno.errors.AlreadyExists) || !(await Deno.lstat(blocker)).isFile) throw e;
  }
  return dir;
}
