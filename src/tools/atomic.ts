/**
 * Atomic file replacement for write and edit: the content goes to a temp
 * file in the same directory (same filesystem, so rename is atomic), then
 * replaces the target. A crash leaves the old file or the new one, never
 * half of each. The existing file's mode is kept; a symlink target is
 * written through (the link stays a link).
 *
 * @module
 */

import { basename, dirname, join } from "node:path";

/** Write `data` to `path` atomically, creating parent directories. */
export async function writeAtomic(path: string, data: Uint8Array): Promise<void> {
  let target = path;
  let mode: number | null = null;
  try {
    target = await Deno.realPath(path);
    mode = (await Deno.stat(target)).mode;
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const dir = dirname(target);
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(target)}.zot-${crypto.randomUUID().slice(0, 8)}.tmp`);
  try {
    await Deno.writeFile(temp, data, { createNew: true, mode: 0o666 });
    if (mode !== null) await Deno.chmod(temp, mode & 0o7777);
    await Deno.rename(temp, target);
  } catch (e) {
    await Deno.remove(temp).catch(() => {});
    throw e;
  }
}
