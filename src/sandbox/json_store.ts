/**
 * Small JSON state files under `$ZOT_HOME` (grants, trusted projects):
 * read leniently, written atomically (temp file in the same directory, then
 * rename) and private to the user.
 *
 * @module
 */

import { dirname } from "node:path";

/** The parsed file, `undefined` when missing, or an error text when unreadable. */
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

/** Write `value` as JSON to `path` atomically, mode 0600. */
export async function writeJsonFileAtomic(path: string, value: unknown): Promise<void> {
  const dir = dirname(path);
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = `${path}.${Deno.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    await Deno.writeTextFile(tmp, JSON.stringify(value, null, 2) + "\n", { mode: 0o600 });
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}

/** A plain object, or an empty one. */
export function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : {};
}
