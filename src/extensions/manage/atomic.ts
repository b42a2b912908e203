/**
 * Atomic file replacement: write a temp file beside the target, then
 * rename over it, so a crash never leaves a half-written manifest.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";

/** Replace `path` with `text`, keeping the old file's mode (default 0644). */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  let mode = 0o644;
  try {
    const info = await Deno.stat(path);
    if (info.mode !== null) mode = info.mode & 0o7777;
  } catch {
    // new file: default mode
  }
  const tmp = join(dirname(path), `.${basename(path)}.${crypto.randomUUID().slice(0, 8)}.tmp`);
  try {
    await Deno.writeTextFile(tmp, text, { mode, createNew: true });
    await Deno.chmod(tmp, mode); // the umask may have narrowed it
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}
