/**
 * Atomic file replacement: the content goes to a temp file in the target's
 * directory (same filesystem, so the rename is atomic), then replaces the
 * target. A crash leaves the old file or the new one, never half of each.
 * An existing file keeps its mode.
 *
 * @module
 */

import { basename, dirname, join } from "../path.ts";

export interface AtomicWriteOptions {
  /**
   * True (the default) writes through a symlink to its target, so the link
   * stays a link. False replaces the link itself with a regular file: an
   * edit of a file zot found inside a directory must not reach elsewhere.
   */
  followSymlinks?: boolean;
}

/** Write `data` to `path` atomically, creating parent directories. */
export async function writeFileAtomic(
  path: string,
  data: Uint8Array | string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  let target = path;
  let mode: number | null = null;
  try {
    if (options.followSymlinks ?? true) target = await Deno.realPath(path);
    mode = (await Deno.stat(target)).mode;
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const dir = dirname(target);
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(target)}.zot-${crypto.randomUUID().slice(0, 8)}.tmp`);
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  try {
    await Deno.writeFile(temp, bytes, { createNew: true, mode: 0o666 });
    if (mode !== null) await Deno.chmod(temp, mode & 0o7777);
    await Deno.rename(temp, target);
  } catch (e) {
    await Deno.remove(temp).catch(() => {});
    throw e;
  }
}
