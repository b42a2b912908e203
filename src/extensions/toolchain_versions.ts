/**
 * A toolchain root opened without the versions no one asked for. pyenv, rbenv and nodenv keep
 * each installed version in a folder of its own (`~/.pyenv/versions/3.12.1`); a whole root with
 * nine Pythons holds 130,000 entries, too many to scan for credential files at every start. So
 * the root is opened as its own files (the manager's `bin`, `libexec`, `shims`, plugins, the
 * global `version` file) and only the versions its settings pick, each of which the shim may
 * run: the `*_VERSION` variable when it is set (it is passed to the extension, and wins), else a
 * version file in the working directory or any folder above it, and the root's `version` file.
 * zot reads more of these files than the confined shim can (one in a folder it cannot read), so
 * it opens all their versions: whichever the shim ends up with is there.
 *
 * Only what lies inside the root's real path is opened: a version, or an entry of the root, that
 * is a link elsewhere stays closed. The root's `.git` (pyenv is installed by cloning it) is not
 * opened either.
 *
 * @module
 */

import { dirname, join, resolve } from "../path.ts";
import { isInside } from "../path_inside.ts";
import type { ToolchainRoot } from "./toolchain_roots.ts";

/** What picking versions needs from the request. */
export interface VersionSettings {
  hostEnv: Record<string, string>;
  /** Where the program runs; version files are looked for from here up. */
  cwd?: string;
}

/**
 * `trees` (a root as written and its real path, as safeTrees checked them) as the paths to open:
 * the root's entries but its versions folder, and the versions picked.
 */
export async function withoutOtherVersions(
  trees: string[],
  root: ToolchainRoot,
  settings: VersionSettings,
): Promise<string[]> {
  const versions = root.versions!;
  const realRoot = trees[trees.length - 1];
  const out: string[] = [];
  for await (const entry of Deno.readDir(realRoot)) {
    if (entry.name === versions.dir) continue;
    // Not needed to run, and a clone's `.git/config` may carry a token in its remote's URL.
    if (entry.name === ".git") continue;
    for (const tree of trees) out.push(...await inside(join(tree, entry.name), realRoot));
  }
  for (const name of await pickedVersions(realRoot, root, settings)) {
    for (const tree of trees) out.push(...await inside(join(tree, versions.dir, name), realRoot));
  }
  return unique(out);
}

/** The version folder `at` lies in (under `lexical/dir`), to open along; none when outside. */
export async function versionOf(lexical: string, dir: string, at: string): Promise<string[]> {
  const store = join(lexical, dir);
  if (!isInside(store, at) || at === store) return [];
  const name = at.slice(store.length + 1).split("/")[0];
  const realRoot = await Deno.realPath(lexical).catch(() => undefined);
  if (!realRoot || !isVersionName(name)) return [];
  return await inside(join(store, name), realRoot);
}

/** `path` and its real path, when the real path lies inside `realRoot`; else nothing. */
async function inside(path: string, realRoot: string): Promise<string[]> {
  const real = await Deno.realPath(path).catch(() => undefined);
  if (!real || !isInside(realRoot, real)) return [];
  return unique([path, real]);
}

/** The version names the root's settings pick, for every place the shim may look. */
async function pickedVersions(
  realRoot: string,
  root: ToolchainRoot,
  settings: VersionSettings,
): Promise<string[]> {
  const names: string[] = [];
  for (const variable of root.pass ?? []) names.push(...words(settings.hostEnv[variable]));
  // The variable (passed to the extension) wins over every file, as in the shim.
  if (names.some(isVersionName)) return unique(names.filter(isVersionName));
  if (settings.cwd) {
    for (let dir = resolve(settings.cwd);; dir = dirname(dir)) {
      names.push(...words(await small(join(dir, root.versions!.file))));
      if (dirname(dir) === dir) break;
    }
  }
  names.push(...words(await small(join(realRoot, "version"))));
  return unique(names.filter(isVersionName));
}

/** A version folder's name: one path segment, not the system's. */
function isVersionName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && name !== "system" &&
    !name.includes("/") && !name.includes("\0");
}

/** The versions a setting lists: separated by `:` (the variables) or white space (the files). */
function words(text: string | undefined): string[] {
  return (text ?? "").split(/[\s:]+/).filter((w) => w !== "");
}

/** The start of a small file (a version file), or undefined when it cannot be read. */
async function small(path: string): Promise<string | undefined> {
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(path, { read: true });
    const buf = new Uint8Array(4096);
    const n = await file.read(buf);
    return n === null ? undefined : new TextDecoder().decode(buf.subarray(0, n));
  } catch {
    return undefined;
  } finally {
    file?.close();
  }
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
