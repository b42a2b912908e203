/**
 * Which extension directories exist and which of them win. Order:
 * explicit `--ext` paths (as given), then `./.zot/extensions/*` (project),
 * then `$ZOT_HOME/extensions/*` (global), each root in directory-name order.
 * A lower-priority copy with the same directory name is skipped with a
 * diagnostic, so the outcome never depends on timing.
 *
 * A manifest name is one extension: it picks the commands, the log and the
 * data directory. Installed copies sharing a name (two global dirs, or a
 * project and a global one) therefore never pick a winner by directory
 * order: none of them starts, and each says where the others are. Only an
 * explicit `--ext` path, asked for by the user, overrides installed copies of
 * its name.
 *
 * @module
 */

import { basename, resolve } from "../path.ts";
import type { ZotPaths } from "../config/paths.ts";
import type { Diagnostic, ExtensionSource, Loaded, SourceKind } from "./types.ts";

/** Staging directories of `zot ext install` start with this; discovery never reads them. */
export const STAGING_PREFIX = ".zot-install-";

export interface DiscoverOptions {
  paths: ZotPaths;
  /** `--ext` paths, relative to `paths.cwd` unless absolute. */
  explicit?: readonly string[];
  /** `--no-ext`: skip the project and global roots (explicit paths still load). */
  noExt?: boolean;
  /**
   * False: project extensions are reported in `untrusted`, not returned as
   * runnable. May be a promise: the trust file is then read together with
   * the extension directories.
   */
  projectTrusted?: boolean | Promise<boolean>;
}

/** A directory with an `extension.json` that could not be used. */
export interface InvalidSource {
  kind: SourceKind;
  dir: string;
  problem: string;
  name?: string;
}

/** A valid copy that lost to a higher-priority one. */
export interface ShadowedSource {
  source: ExtensionSource;
  /** The directory that won. */
  winner: string;
  /** What the two share. */
  by: "directory" | "name";
}

/**
 * `value`: the winners in load order, disabled manifests included (callers
 * skip `manifest.enabled === false`; list and doctor show them).
 */
export interface DiscoverResult extends Loaded<ExtensionSource[]> {
  shadowed: ShadowedSource[];
  invalid: InvalidSource[];
  /** Project extensions held back because the project is not trusted. */
  untrusted: ExtensionSource[];
}

export type Candidate =
  | { kind: SourceKind; dir: string; ok: true; source: ExtensionSource }
  | { kind: SourceKind; dir: string; ok: false; problem: string; name?: string };

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory; // stat follows symlinked dirs
  } catch {
    return false;
  }
}

/**
 * The manifest reader, loaded only when there is a directory to read: a run
 * with no extensions installed does without it (start-up time).
 */
const manifests = () => import("./manifest.ts");

async function candidate(dir: string, kind: SourceKind): Promise<Candidate | undefined> {
  const { MANIFEST_FILE, readManifest } = await manifests();
  const read = await readManifest(dir);
  switch (read.status) {
    case "ok": {
      const { manifest, manifestPath, themePath } = read.info;
      return { kind, dir, ok: true, source: { manifest, dir, manifestPath, kind, themePath } };
    }
    case "missing":
      // Leftover state dirs never shadow a real install; an explicit path must have one.
      if (kind !== "explicit") return undefined;
      return { kind, dir, ok: false, problem: `missing ${MANIFEST_FILE}` };
    case "invalid":
      return { kind, dir, ok: false, problem: read.problem, name: read.name };
  }
}

/** Subdirectories of an extensions root that hold a manifest, sorted by name. */
export async function scanRoot(root: string, kind: SourceKind): Promise<Candidate[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(root)) {
      if (entry.name.startsWith(STAGING_PREFIX)) continue;
      if (entry.isDirectory || (entry.isSymlink && await isDirectory(resolve(root, entry.name)))) {
        names.push(entry.name);
      }
    }
  } catch {
    return []; // a missing root is simply empty
  }
  names.sort();
  // Read together, kept in name order.
  const found = await Promise.all(names.map((name) => candidate(resolve(root, name), kind)));
  return found.filter((c): c is Candidate => c !== undefined);
}

async function explicitCandidates(paths: ZotPaths, explicit: readonly string[]) {
  const found: Candidate[] = [];
  const seen = new Set<string>();
  for (const given of explicit) {
    const dir = resolve(paths.cwd, given);
    const real = await Deno.realPath(dir).catch(() => dir);
    if (seen.has(real)) continue; // the same directory given twice
    seen.add(real);
    if (!(await isDirectory(dir))) {
      found.push({ kind: "explicit", dir, ok: false, problem: "not a directory" });
      continue;
    }
    const c = await candidate(dir, "explicit");
    if (c) found.push(c);
  }
  return found;
}

/** Find every extension and decide the winners. */
export async function discover(options: DiscoverOptions): Promise<DiscoverResult> {
  const { paths, noExt = false } = options;
  // Independent reads run together (start-up time); the precedence order is kept.
  const [explicit, project, global, projectTrusted] = await Promise.all([
    explicitCandidates(paths, options.explicit ?? []),
    noExt ? [] : scanRoot(paths.projectExtensions, "project"),
    noExt ? [] : scanRoot(paths.extensions, "global"),
    options.projectTrusted ?? true,
  ]);
  const candidates = [...explicit, ...project, ...global];
  const result: DiscoverResult = {
    value: [],
    diagnostics: [],
    shadowed: [],
    invalid: [],
    untrusted: [],
  };
  const byDir = new Map<string, string>();
  const valid: ExtensionSource[] = [];
  const skip = (c: Candidate, message: string): Diagnostic => ({
    level: "info",
    dir: c.dir,
    extension: c.ok ? c.source.manifest.name : c.name,
    message: `skipped ${c.dir}: ${message}`,
  });
  for (const c of candidates) {
    if (c.kind === "project" && !projectTrusted) {
      if (c.ok) result.untrusted.push(c.source);
      result.diagnostics.push({
        level: "warning",
        dir: c.dir,
        extension: c.ok ? c.source.manifest.name : c.name,
        message: `skipped ${c.dir}: this project is not trusted, so its extensions do not run`,
      });
      continue;
    }
    const base = basename(c.dir);
    // Explicit paths were each asked for by name; only installed copies shadow by directory.
    const dirWinner = c.kind === "explicit" ? undefined : byDir.get(base);
    if (dirWinner !== undefined) {
      if (c.ok) result.shadowed.push({ source: c.source, winner: dirWinner, by: "directory" });
      result.diagnostics.push(
        skip(c, `a higher-priority extension directory named "${base}" wins (${dirWinner})`),
      );
      continue;
    }
    if (!byDir.has(base)) byDir.set(base, c.dir);
    if (!c.ok) {
      result.invalid.push({ kind: c.kind, dir: c.dir, problem: c.problem, name: c.name });
      const { manifestDiagnostic } = await manifests();
      result.diagnostics.push(manifestDiagnostic(c.dir, c.problem, c.name));
      continue;
    }
    valid.push(c.source);
  }
  decideNames(valid, result);
  return result;
}

/**
 * Winners by manifest name. A name used once wins; one explicit path among
 * copies wins over the installed ones; otherwise every copy is refused (see
 * the module doc), in load order.
 */
function decideNames(valid: readonly ExtensionSource[], result: DiscoverResult): void {
  const groups = new Map<string, ExtensionSource[]>();
  for (const s of valid) {
    const group = groups.get(s.manifest.name);
    if (group) group.push(s);
    else groups.set(s.manifest.name, [s]);
  }
  for (const s of valid) {
    const name = s.manifest.name;
    const group = groups.get(name)!;
    const explicit = group.filter((g) => g.kind === "explicit");
    if (group.length === 1 || (explicit.length === 1 && s === explicit[0])) {
      result.value.push(s);
      continue;
    }
    if (explicit.length === 1) {
      const winner = explicit[0].dir;
      result.shadowed.push({ source: s, winner, by: "name" });
      result.diagnostics.push({
        level: "info",
        dir: s.dir,
        extension: name,
        message:
          `skipped ${s.dir}: the extension named "${name}" given with --ext wins (${winner})`,
      });
      continue;
    }
    const others = group.filter((o) => o !== s).map((o) => o.dir);
    const problem = `manifest name "${name}" is also used by ${others.join(", ")}; ` +
      `none of them starts (keep one: rename the others, or remove them with ` +
      `"zot ext remove <directory name>")`;
    result.invalid.push({ kind: s.kind, dir: s.dir, problem, name });
    result.diagnostics.push({
      level: "error",
      dir: s.dir,
      extension: name,
      message: `${s.dir}: ${problem}`,
    });
  }
}
