/**
 * The staging directories of `zot ext install`: `$ZOT_HOME/extensions/
 * .zot-install-<name>-<id>`, filled, validated and then renamed into place.
 * A failed or interrupted install removes its own; one killed outright
 * (SIGKILL, a crash, a power cut) cannot, so the next install sweeps away
 * those old enough that no install can still be filling them.
 *
 * @module
 */

import { join } from "../../path.ts";
import { STAGING_PREFIX } from "../discovery.ts";

/** A staging directory untouched this long belongs to an install that died. */
export const STALE_STAGING_MS = 60 * 60 * 1000;

/** A new staging path for `name` under `root`. */
export function stagingDir(root: string, name: string): string {
  return join(root, `${STAGING_PREFIX}${name}-${crypto.randomUUID().slice(0, 8)}`);
}

/** Where an update keeps the old tree while it swaps the new one in. */
export function previousDir(staging: string): string {
  return `${staging}${PREVIOUS_SUFFIX}`;
}

const PREVIOUS_SUFFIX = "-previous";

/**
 * Put back old trees that an update killed in the middle of its swap left aside (the install
 * directory is then missing); returns the directories restored. Run before any sweep, which
 * would otherwise delete them once old.
 */
export async function restoreInterruptedSwaps(root: string): Promise<string[]> {
  const restored: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(root));
  } catch {
    return restored;
  }
  for (const entry of entries) {
    const { name } = entry;
    if (!entry.isDirectory || !name.startsWith(STAGING_PREFIX)) continue;
    if (!name.endsWith(PREVIOUS_SUFFIX)) continue;
    // `.zot-install-<dir name>-<8 hex>-previous`
    const middle = name.slice(STAGING_PREFIX.length, -PREVIOUS_SUFFIX.length);
    const dirName = middle.replace(/-[0-9a-f]{8}$/, "");
    if (dirName === middle || !dirName || dirName.startsWith(".")) continue;
    const dir = join(root, dirName);
    if (await Deno.lstat(dir).then(() => true, () => false)) continue;
    await Deno.rename(join(root, name), dir);
    restored.push(dir);
  }
  return restored;
}

/** Remove a staged tree, making read-only directories writable if the first try fails. */
export async function removeTree(dir: string): Promise<void> {
  try {
    await Deno.remove(dir, { recursive: true });
    return;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
  }
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    await Deno.chmod(d, 0o755).catch(() => {});
    for await (const e of Deno.readDir(d)) if (e.isDirectory) stack.push(join(d, e.name));
  }
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}

/**
 * Remove the staging directories under `root` last modified more than
 * `maxAgeMs` before `now`; returns their paths. Newer ones may belong to an
 * install running right now and are left alone.
 */
export async function sweepStaleStaging(
  root: string,
  options: { now?: number; maxAgeMs?: number } = {},
): Promise<string[]> {
  const now = options.now ?? Date.now();
  const maxAge = options.maxAgeMs ?? STALE_STAGING_MS;
  const removed: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(root));
  } catch {
    return removed;
  }
  for (const entry of entries) {
    if (!entry.name.startsWith(STAGING_PREFIX) || !entry.isDirectory) continue;
    const path = join(root, entry.name);
    const info = await Deno.lstat(path).catch(() => undefined);
    const mtime = info?.mtime?.getTime();
    if (mtime === undefined || now - mtime <= maxAge) continue;
    await removeTree(path);
    removed.push(path);
  }
  return removed;
}
