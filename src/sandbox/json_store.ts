/**
 * Small JSON state files under `$ZOT_HOME` (grants, trusted projects):
 * read leniently, written atomically (temp file in the same directory, then
 * rename) and private to the user.
 *
 * @module
 */

import { writeJsonAtomic } from "../config/json_file.ts";
import { isRecord } from "../is_record.ts";

/** The parsed file, or `undefined` when missing or not JSON; any other read error throws. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Write `value` as JSON to `path` atomically, mode 0600 in a 0700
 * directory: grants and trust decide what runs, so only the user reads them.
 */
export function writeJsonFileAtomic(path: string, value: unknown): Promise<void> {
  return writeJsonAtomic(path, value, { mode: 0o600, dirMode: 0o700 });
}

/**
 * Run a read-modify-write of the state file at `path` while holding an
 * exclusive lock on `<path>.lock`, so two zot processes (a run recording an
 * extension at its first start, a `zot ext grant` in another terminal) never
 * lose each other's update. The lock is the OS's (released when the file is
 * closed, also when the process dies), so nothing stale is left behind.
 */
export async function withStateLock<T>(path: string, fn: () => Promise<T>): Promise<T> {
  const dir = path.slice(0, path.lastIndexOf("/")) || ".";
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  using lock = await Deno.open(`${path}.lock`, { write: true, create: true, mode: 0o600 });
  await lock.lock(true);
  return await fn();
}

/** A plain object, or an empty one. */
export function asRecord(v: unknown): Record<string, unknown> {
  return isRecord(v) ? v : {};
}
