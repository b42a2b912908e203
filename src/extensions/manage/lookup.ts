/**
 * Finding installed extensions by manifest name or directory name, across
 * the project and global roots, for remove / enable / disable / list.
 *
 * @module
 */

import { basename } from "../../path.ts";
import type { ZotPaths } from "../../config/paths.ts";
import { type Candidate, scanRoot } from "../discovery.ts";

/** Appended to "not found" so the user knows where to look. */
export const NOT_FOUND_REMEDY = ' (run "zot ext list" to see installed extensions)';

/** One installed directory with an `extension.json`. */
export type Install = Candidate & { kind: "project" | "global" };

/** Every install, project first then global, each in directory-name order. */
export async function listInstalls(paths: ZotPaths): Promise<Install[]> {
  const project = await scanRoot(paths.projectExtensions, "project");
  const global = await scanRoot(paths.extensions, "global");
  return [...project, ...global].filter((c): c is Install => c.kind !== "explicit");
}

/** The manifest name of an install, when its manifest could be read. */
export function installName(install: Install): string | undefined {
  return install.ok ? install.source.manifest.name : install.name;
}

/** Installs whose manifest name or directory name is `name`. */
export async function findInstalls(paths: ZotPaths, name: string): Promise<Install[]> {
  const all = await listInstalls(paths);
  return all.filter((i) => basename(i.dir) === name || installName(i) === name);
}

export type Lookup = { ok: true; install: Install } | { ok: false; message: string };

/** Exactly one install named `name`, or the message explaining why not. */
export async function lookupOne(paths: ZotPaths, name: string): Promise<Lookup> {
  const found = await findInstalls(paths, name);
  if (found.length === 0) {
    return { ok: false, message: `extension "${name}" not found${NOT_FOUND_REMEDY}` };
  }
  if (found.length > 1) {
    const lines = found.map((i) => `  ${i.dir} (${i.kind})`);
    return {
      ok: false,
      message: `"${name}" matches ${found.length} installations; nothing changed:\n` +
        `${lines.join("\n")}\n(use a unique directory name)`,
    };
  }
  return { ok: true, install: found[0] };
}
