/**
 * Path resolution for the file tools: relative to the session cwd (which can
 * change with `/cd`, so it comes from the call context, not from startup),
 * with `~` expanded to the user's home.
 *
 * @module
 */

import { isAbsolute, resolve } from "../path.ts";
import { homeDir } from "../config/paths.ts";

/** Resolve a tool's path argument to an absolute, normalised path. */
export function resolveToolPath(
  cwd: string,
  path: string,
  home: string | undefined = homeDir(),
): string {
  if (home !== undefined && (path === "~" || path.startsWith("~/"))) {
    return resolve(home, path.slice(2));
  }
  return isAbsolute(path) ? resolve(path) : resolve(cwd, path);
}

/**
 * The real path of `path`, following symlinks, even when the last parts do
 * not exist yet (a file about to be written): the deepest existing ancestor
 * is resolved and the rest appended.
 */
export async function realPathLenient(path: string): Promise<string> {
  const missing: string[] = [];
  let current = path;
  while (true) {
    try {
      const real = await Deno.realPath(current);
      return missing.length ? resolve(real, ...missing.reverse()) : real;
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
      const parent = resolve(current, "..");
      if (parent === current) return path;
      missing.push(current.slice(parent.length).replace(/^\//, ""));
      current = parent;
    }
  }
}
