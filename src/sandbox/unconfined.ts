/**
 * The user's explicit decisions to let one confined extension run without
 * the OS sandbox where that sandbox cannot run (no bubblewrap, Windows, a
 * kernel without user namespaces). Stored like a grant, in
 * `$ZOT_HOME/unconfined.json`, outside every extension directory and keyed
 * by the extension's real directory, so an extension cannot allow itself.
 * Nothing ever writes one but `zot ext unconfined <name>`: a missing
 * sandbox is never answered by running without it on zot's own accord.
 *
 * @module
 */

import { join } from "../path.ts";
import { asRecord, readJsonFile, withStateLock, writeJsonFileAtomic } from "./json_store.ts";
import { grantKey } from "./grants.ts";

/** Where the decisions live under `$ZOT_HOME`. */
export function unconfinedPath(zotHome: string): string {
  return join(zotHome, "unconfined.json");
}

async function readAll(path: string): Promise<Record<string, unknown>> {
  try {
    return asRecord(asRecord(await readJsonFile(path)).allowed);
  } catch {
    // Missing or unreadable: nothing is allowed.
    return {};
  }
}

/** True when the user allowed the extension in `dir`, named `name`, to run unconfined. */
export async function allowedUnconfined(
  zotHome: string,
  dir: string,
  name: string,
): Promise<boolean> {
  const all = await readAll(unconfinedPath(zotHome));
  const key = await grantKey(dir);
  if (!Object.hasOwn(all, key)) return false;
  // A directory that now holds a differently named extension is not what was allowed.
  return asRecord(all[key]).name === name;
}

/** Record (`allow`) or drop the decision for `dir`. True when something changed. */
export async function setUnconfined(
  zotHome: string,
  dir: string,
  name: string,
  allow: boolean,
  now: Date = new Date(),
): Promise<boolean> {
  const path = unconfinedPath(zotHome);
  const key = await grantKey(dir);
  return await withStateLock(path, async () => {
    const all = await readAll(path);
    const had = Object.hasOwn(all, key);
    if (allow) all[key] = { name, allowed_at: now.toISOString() };
    else if (had) delete all[key];
    else return false;
    await writeJsonFileAtomic(path, { version: 1, allowed: all });
    return true;
  });
}
