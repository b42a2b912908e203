/**
 * The manifest `skills` entries: each must stay inside the extension
 * directory (after following symlinks) and be a directory or a `SKILL.md`.
 *
 * @module
 */

import { basename, isAbsolute, resolve } from "../path.ts";
import { errorMessage } from "../errors.ts";
import { isInside } from "../path_inside.ts";
import type { SkillRoot } from "../skills/bundle.ts";

export type SkillCheck = { ok: true; roots: SkillRoot[] } | { ok: false; problem: string };

async function realOrSelf(path: string): Promise<string> {
  try {
    return await Deno.realPath(path);
  } catch {
    return path;
  }
}

/** Resolve and check every skill entry of a manifest in `dir`. */
export async function checkSkillPaths(
  dir: string,
  entries: readonly string[],
): Promise<SkillCheck> {
  const roots: SkillRoot[] = [];
  const realDir = await realOrSelf(dir);
  for (const entry of entries) {
    if (entry.trim() === "") return { ok: false, problem: "manifest: empty skill path" };
    const quoted = JSON.stringify(entry);
    const path = resolve(dir, entry);
    if (isAbsolute(entry) || !isInside(dir, path)) {
      return { ok: false, problem: `manifest: skill path ${quoted} escapes extension directory` };
    }
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(path);
    } catch (e) {
      return { ok: false, problem: `manifest: skill path ${quoted}: ${errorMessage(e)}` };
    }
    // A symlink inside the bundle may still point elsewhere; the real path decides.
    if (!isInside(realDir, await realOrSelf(path))) {
      return { ok: false, problem: `manifest: skill path ${quoted} escapes extension directory` };
    }
    if (info.isDirectory) roots.push({ entry, path, kind: "dir" });
    else if (info.isFile && basename(path) === "SKILL.md") {
      roots.push({ entry, path, kind: "file" });
    } else {return {
        ok: false,
        problem: `manifest: skill path ${quoted} is not a directory or SKILL.md`,
      };}
  }
  return { ok: true, roots };
}
