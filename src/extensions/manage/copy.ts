/**
 * Recursive copy of an extension source for `zot ext install <path>`:
 * mode bits kept, `.git/` and the root `.gitignore` matches skipped, and no
 * symlink that leads out of the source (the sandbox grants read on the
 * install dir, and Deno's permission check follows symlinks lexically).
 *
 * @module
 */

import { dirname, join, relative, resolve, sep } from "../../path.ts";
import { ZotError } from "../../errors.ts";
import { isInside } from "../../path_inside.ts";
import { IGNORE_NOTHING, type IgnoreMatcher, parseGitignore } from "./gitignore.ts";

/** Where a symlink finally leads: its real path, or the lexical target when dangling. */
async function linkTarget(link: string): Promise<string> {
  try {
    return await Deno.realPath(link);
  } catch {
    return resolve(dirname(link), await Deno.readLink(link));
  }
}

/** The matcher for `root/.gitignore`, or one that ignores nothing. */
export async function rootIgnore(root: string): Promise<IgnoreMatcher> {
  try {
    return parseGitignore(await Deno.readTextFile(join(root, ".gitignore")));
  } catch {
    return IGNORE_NOTHING;
  }
}

interface Walked {
  rel: string;
  path: string;
  info: Deno.FileInfo;
}

/** Every entry under `root` (not following symlinks), parents first, pruning skipped dirs. */
async function* walk(root: string, skip: (rel: string, isDir: boolean) => boolean) {
  const stack = [""];
  while (stack.length) {
    const relDir = stack.pop()!;
    const names: string[] = [];
    for await (const e of Deno.readDir(join(root, relDir))) names.push(e.name);
    names.sort();
    for (const name of names) {
      const rel = relDir ? `${relDir}/${name}` : name;
      const path = join(root, rel);
      const info = await Deno.lstat(path);
      if (skip(rel, info.isDirectory)) continue;
      yield { rel, path, info } satisfies Walked;
      if (info.isDirectory) stack.push(rel);
    }
  }
}

/** Symlinks under `root` that lead outside it, as `rel -> target`. */
export async function outwardSymlinks(
  root: string,
  skip: (rel: string, isDir: boolean) => boolean = () => false,
): Promise<string[]> {
  const realRoot = await Deno.realPath(root);
  const bad: string[] = [];
  for await (const e of walk(root, skip)) {
    if (!e.info.isSymlink) continue;
    const target = await linkTarget(join(realRoot, e.rel));
    if (!isInside(realRoot, target)) bad.push(`${e.rel} -> ${target}`);
  }
  return bad;
}

/** The refusal for outward symlinks, listing each. */
export function symlinkRefusal(source: string, bad: string[]): ZotError {
  return new ZotError(
    "install-symlink",
    `Refusing to install ${source}: symlinks point outside the extension (${bad.join(", ")}); ` +
      "replace them with copies",
  );
}

/** `.git` anywhere, plus whatever the root `.gitignore` names. */
export function installSkip(ignore: IgnoreMatcher) {
  return (rel: string, isDir: boolean) =>
    rel.split("/").includes(".git") || ignore.ignores(rel, isDir);
}

/** Copy `src` into the new directory `dest`. Throws ZotError; the caller rolls back. */
export async function copyExtensionTree(src: string, dest: string): Promise<void> {
  const skip = installSkip(await rootIgnore(src));
  const bad = await outwardSymlinks(src, skip);
  if (bad.length) throw symlinkRefusal(src, bad);
  const realRoot = await Deno.realPath(src);
  const dirModes: [string, number][] = [];
  await Deno.mkdir(dest, { recursive: true });
  for await (const e of walk(src, skip)) {
    const to = join(dest, e.rel);
    if (e.info.isDirectory) {
      await Deno.mkdir(to);
      dirModes.push([to, e.info.mode ?? 0o755]);
    } else if (e.info.isFile) {
      await Deno.copyFile(e.path, to);
      if (e.info.mode !== null) await Deno.chmod(to, e.info.mode & 0o7777);
    } else if (e.info.isSymlink) {
      // Re-point relative to the copy, so an absolute link into the source
      // does not keep pointing at the source after install.
      const target = relative(realRoot, await linkTarget(join(realRoot, e.rel)));
      const fromDir = dirname(e.rel.split("/").join(sep));
      await Deno.symlink(relative(fromDir, target) || ".", to);
    } else {
      throw new ZotError("install-copy", `Cannot copy ${e.path}: not a file, directory or symlink`);
    }
  }
  // Modes last, so a read-only directory could still be filled.
  for (const [dir, mode] of dirModes.reverse()) await Deno.chmod(dir, mode & 0o7777);
  const rootMode = (await Deno.stat(src)).mode;
  if (rootMode !== null) await Deno.chmod(dest, rootMode & 0o7777);
}
