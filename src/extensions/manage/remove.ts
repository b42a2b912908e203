/**
 * `zot ext remove`: delete one install directory. A symlinked install loses
 * only its link, never the directory it points to.
 *
 * @module
 */

import { errorMessage, ZotError } from "../../errors.ts";

/** Remove the install at `dir`. Throws ZotError on failure. */
export async function removeInstall(dir: string): Promise<void> {
  try {
    const info = await Deno.lstat(dir);
    if (info.isSymlink) await Deno.remove(dir);
    else await Deno.remove(dir, { recursive: true });
  } catch (e) {
    throw new ZotError("ext-remove", `Cannot remove ${dir}: ${errorMessage(e)}`);
  }
}
