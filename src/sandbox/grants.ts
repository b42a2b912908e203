/**
 * Stored consent: `$ZOT_HOME/grants.json`, outside every extension
 * directory, so an extension cannot approve itself. Each grant is keyed by
 * the real path of the extension directory and pins the normalized scope
 * the user agreed to; a manifest that later asks for more does not start
 * until the user agrees again.
 *
 * @module
 */

import { basename, dirname, join } from "../path.ts";
import { parseScope, type Scope, scopeToJson } from "../extensions/scope.ts";
import { asRecord, readJsonFile, writeJsonFileAtomic } from "./json_store.ts";

export interface StoredGrant {
  name: string;
  scope: Scope;
  grantedAt: string;
}

const VERSION = 1;

async function readAll(grantsPath: string): Promise<Record<string, unknown>> {
  return asRecord(asRecord(await readJsonFile(grantsPath)).grants);
}

/**
 * Real path for keys. A directory that does not exist yet (an install's
 * destination) keys by its real parent plus its name, as it will once made.
 */
export async function grantKey(dir: string): Promise<string> {
  try {
    return await Deno.realPath(dir);
  } catch {
    try {
      return join(await Deno.realPath(dirname(dir)), basename(dir));
    } catch {
      return dir;
    }
  }
}

/** The grant for the extension in `dir`, if one is stored and readable. */
export async function findGrant(grantsPath: string, dir: string): Promise<StoredGrant | undefined> {
  const entry = asRecord((await readAll(grantsPath))[await grantKey(dir)]);
  if (typeof entry.name !== "string") return undefined;
  const parsed = parseScope(entry.scope);
  // A grant we cannot read grants nothing: the user is asked again.
  if (!parsed.ok) return undefined;
  return {
    name: entry.name,
    scope: parsed.scope,
    grantedAt: typeof entry.granted_at === "string" ? entry.granted_at : "",
  };
}

/** Record that the user agreed to `scope` for the extension in `dir`. */
export async function saveGrant(
  grantsPath: string,
  dir: string,
  name: string,
  scope: Scope,
  now: Date = new Date(),
): Promise<void> {
  const grants = await readAll(grantsPath);
  grants[await grantKey(dir)] = { name, scope: scopeToJson(scope), granted_at: now.toISOString() };
  await writeJsonFileAtomic(grantsPath, { version: VERSION, grants });
}

/** Forget the grant for `dir` (e.g. on remove). True when one existed. */
export async function removeGrant(grantsPath: string, dir: string): Promise<boolean> {
  const grants = await readAll(grantsPath);
  const key = await grantKey(dir);
  if (!(key in grants)) return false;
  delete grants[key];
  await writeJsonFileAtomic(grantsPath, { version: VERSION, grants });
  return true;
}
