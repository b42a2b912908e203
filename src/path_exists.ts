/**
 * Whether a path names something, links followed; any error (missing, no permission, a dangling
 * link) counts as not there. For checks that only decide whether to look further: code that
 * must tell those cases apart stats the path itself.
 *
 * @module
 */

/** True when `path` exists (links followed). */
export function existsSync(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** True when `path` exists (links followed). */
export function exists(path: string): Promise<boolean> {
  return Deno.stat(path).then(() => true, () => false);
}
