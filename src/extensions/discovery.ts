/**
 * Which extension directories exist and which of them win. Load order:
 * explicit `--ext` paths (as given), then `./.zot/extensions/*` (project),
 * then `$ZOT_HOME/extensions/*` (global), each root in directory-name order.
 *
 * Who wins is decided in the order of who chose the code: explicit paths
 * (the user, for this run), then global installs (the user's own), and only
 * then the project's, which came with a repository. A project directory
 * therefore never hides a global one: one with the directory name of an
 * explicit or global extension is skipped with a diagnostic. A project
 * extension that is invalid, untrusted or held back by its trust pins
 * ({@linkcode DiscoverOptions.admitProject}) takes no part at all, so
 * whatever a `git pull` puts in `.zot/extensions` cannot stop the user's own
 * extensions.
 *
 * A manifest name is one extension: it picks the commands, the log and the
 * data directory. Two global installs sharing a name never pick a winner by
 * directory order: neither starts, and each says where the other is. A
 * project extension named like an explicit or global one is refused and the
 * user's one runs; two project extensions sharing a name both refuse. An
 * explicit `--ext` path, asked for by the user, overrides installed copies of
 * its name.
 *
 * @module
 */

import { basename, resolve } from "../path.ts";
import type { ZotPaths } from "../config/paths.ts";
import type { Diagnostic, Loaded } from "../diagnostic.ts";
import type { ExtensionSource, SourceKind } from "./types.ts";

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
  /**
   * Which valid project extensions of a trusted project may run (those
   * `zot trust` pinned, unchanged). Only these take part in deciding names;
   * the held ones are reported in `held`. Absent: every valid one may.
   */
  admitProject?: (
    sources: readonly ExtensionSource[],
  ) => Promise<{ run: ExtensionSource[]; held: HeldSource[] }>;
}

/** A project extension held back by its trust pins, and why. */
export interface HeldSource {
  source: ExtensionSource;
  message: string;
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
  /** Project extensions of a trusted project that `admitProject` held back. */
  held: HeldSource[];
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
  // Read together (start-up time), kept in the order given.
  const given = await Promise.all(explicit.map(async (path) => {
    const dir = resolve(paths.cwd, path);
    return { dir, real: await Deno.realPath(dir).catch(() => dir) };
  }));
  // The same directory given twice counts once, where it was first given.
  const seen = new Set<string>();
  const unique = given.filter(({ real }) => !seen.has(real) && Boolean(seen.add(real)));
  const found = await Promise.all(unique.map(async ({ dir }): Promise<Candidate | undefined> => {
    if (!(await isDirectory(dir))) {
      return { kind: "explicit", dir, ok: false, problem: "not a directory" };
    }
    return await candidate(dir, "explicit");
  }));
  return found.filter((c): c is Candidate => c !== undefined);
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
  const result: DiscoverResult = {
    value: [],
    diagnostics: [],
    shadowed: [],
    invalid: [],
    untrusted: [],
    held: [],
  };
  // The user's choices are decided first; the project's only then, and only those that run.
  const admitted = await admitProject(project, projectTrusted, options.admitProject);
  result.held = admitted.held;
  const candidates = [...explicit, ...global, ...admitted.run.map(candidateOf)];
  const byDir = new Map<string, string>();
  const valid: ExtensionSource[] = [];
  const skip = (c: Candidate, message: string): Diagnostic => ({
    source: "discovery",
    severity: "info",
    code: "extension-skipped",
    dir: c.dir,
    extension: c.ok ? c.source.manifest.name : c.name,
    message: `skipped ${c.dir}: ${message}`,
  });
  for (const c of project) {
    if (!projectTrusted) {
      if (c.ok) result.untrusted.push(c.source);
      result.diagnostics.push({
        source: "trust",
        severity: "warning",
        code: "project-untrusted",
        dir: c.dir,
        extension: c.ok ? c.source.manifest.name : c.name,
        message: `skipped ${c.dir}: this project is not trusted, so its extensions do not run`,
      });
    } else if (!c.ok) {
      // Reported, and nothing more: an invalid project directory hides nothing.
      result.invalid.push({ kind: c.kind, dir: c.dir, problem: c.problem, name: c.name });
      const { manifestDiagnostic } = await manifests();
      result.diagnostics.push(manifestDiagnostic(c.dir, c.problem, c.name));
    }
  }
  for (const c of candidates) {
    const base = basename(c.dir);
    // Explicit paths were each asked for by name; only installed copies shadow by directory.
    const dirWinner = c.kind === "explicit" ? undefined : byDir.get(base);
    if (dirWinner !== undefined) {
      if (c.ok) result.shadowed.push({ source: c.source, winner: dirWinner, by: "directory" });
      const why = c.kind === "project"
        ? `your own extension directory named "${base}" wins over the project's (${dirWinner})`
        : `a higher-priority extension directory named "${base}" wins (${dirWinner})`;
      result.diagnostics.push(skip(c, why));
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
  // Back to load order: explicit, project, global (a stable sort keeps each root's order).
  result.value.sort((a, b) => LOAD_RANK[a.kind] - LOAD_RANK[b.kind]);
  return result;
}

const LOAD_RANK: Record<SourceKind, number> = { explicit: 0, project: 1, global: 2 };

/**
 * The project candidates that take part in deciding winners: none in an
 * untrusted project, never an invalid one, and only those the caller's
 * gate lets run (the others are returned as held).
 */
async function admitProject(
  project: readonly Candidate[],
  trusted: boolean,
  gate: DiscoverOptions["admitProject"],
): Promise<{ run: ExtensionSource[]; held: HeldSource[] }> {
  if (!trusted) return { run: [], held: [] };
  const valid = project.flatMap((c) => c.ok ? [c.source] : []);
  return gate ? await gate(valid) : { run: valid, held: [] };
}

function candidateOf(source: ExtensionSource): Candidate {
  return { kind: source.kind, dir: source.dir, ok: true, source };
}

/**
 * Winners by manifest name. A name used once wins; one explicit path among
 * copies wins over the installed ones; a project copy loses to the user's
 * own (explicit or global) ones, which decide among themselves as if it did
 * not exist; otherwise every copy is refused (see the module doc).
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
        source: "discovery",
        severity: "info",
        code: "extension-skipped",
        dir: s.dir,
        extension: name,
        message:
          `skipped ${s.dir}: the extension named "${name}" given with --ext wins (${winner})`,
      });
      continue;
    }
    // The user's own installs: a project copy never counts against them.
    const own = group.filter((g) => g.kind !== "project");
    if (s.kind === "project" && own.length > 0) {
      const mine = own.map((o) => o.dir).join(", ");
      const problem = `manifest name "${name}" is already used by your own extension ` +
        `(${mine}), which wins; the project's copy does not start (rename it in the project)`;
      refuseName(result, s, name, problem);
      continue;
    }
    const rivals = s.kind === "project" ? group : own;
    if (rivals.length === 1) {
      result.value.push(s);
      continue;
    }
    const others = rivals.filter((o) => o !== s).map((o) => o.dir);
    const problem = `manifest name "${name}" is also used by ${others.join(", ")}; ` +
      `none of them starts (keep one: rename the others, or remove them with ` +
      `"zot ext remove <directory name>")`;
    refuseName(result, s, name, problem);
  }
}

/** `s` does not start because its manifest name is taken: listed as invalid, with a diagnostic. */
function refuseName(
  result: { invalid: InvalidSource[]; diagnostics: Diagnostic[] },
  s: ExtensionSource,
  name: string,
  problem: string,
): void {
  result.invalid.push({ kind: s.kind, dir: s.dir, problem, name });
  result.diagnostics.push({
    source: "discovery",
    severity: "error",
    code: "name-taken",
    dir: s.dir,
    extension: name,
    message: `${s.dir}: ${problem}`,
  });
}
