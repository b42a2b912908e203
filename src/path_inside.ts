/**
 * Path containment, the check behind every "must stay inside" rule (the
 * jail, install symlinks, skill paths, a sandboxed exec).
 *
 * @module
 */

import { relative, sep } from "./path.ts";

/**
 * True when `child` is `root` or below it (both absolute and normalised).
 * Compares path segments, so `root/..cache` is inside and `root-2` is not.
 */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
}
