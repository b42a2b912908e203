/**
 * Project trust: extensions in a project's `./.zot/extensions` come with
 * the repository, so they do not run until the user trusts that project
 * (`zot trust`). The answer is kept in `$ZOT_HOME/trusted-projects.json`,
 * keyed by the project's real path, so a symlink or a relative path names
 * the same project.
 *
 * Trust is given to the extensions the user saw, not to whatever the
 * repository holds later: `zot trust` pins the set (per directory: manifest
 * name, exec, how it runs, manifest SHA-256, and the hash of the whole
 * directory tree, so the code the exec runs is pinned too). At start an
 * extension added since, or changed in any of those, is held back with the
 * remedy; the unchanged ones run. A trust recorded before sets (or trees)
 * were pinned holds every extension back until `zot trust` is run again.
 *
 * @module
 */

import { basename, isAbsolute, join, resolve, sep } from "../path.ts";
import { isInside } from "../path_inside.ts";
import {
  asRecord,
  readJsonFile,
  withStateLock,
  writeJsonFileAtomic,
} from "../sandbox/json_store.ts";
import { scanRoot } from "./discovery.ts";
import type { Identity } from "./identity.ts";
import { kindWords, type LaunchKind } from "../sandbox/launch_kind.ts";
import type { ExtensionSource } from "./types.ts";
import { treeChanges, treeHash } from "./tree_hash.ts";

const VERSION = 3;
/** How {@linkcode treeChanges} says the manifest changed (its name is fixed by the format). */
const MANIFEST_EDITED = "extension.json edited";

/** Loaded only when a project has extensions: a run without them does without it (start-up). */
const identities = () => import("./identity.ts");
const KINDS: readonly string[] = ["sandboxed", "confined", "plain", "passive"];

/** What `zot trust` pinned for one project extension directory. */
export interface Pin {
  name: string;
  exec: string;
  kind: LaunchKind;
  manifestSha256: string;
  /** The extension directory's tree hash; "" in a pin recorded before trees were pinned. */
  treeSha256: string;
  /** Per-file hashes of a small tree, to say which files changed. */
  files?: Record<string, string>;
}

/** Pins by extension directory name (under `.zot/extensions`). */
export type PinnedSet = Record<string, Pin>;

async function projectKey(dir: string): Promise<string> {
  try {
    return await Deno.realPath(dir);
  } catch {
    return dir;
  }
}

async function readProjects(trustPath: string): Promise<Record<string, unknown>> {
  return asRecord(asRecord(await readJsonFile(trustPath)).projects);
}

function parsePins(v: unknown): PinnedSet | undefined {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const out: PinnedSet = {};
  for (const [dir, raw] of Object.entries(v)) {
    const p = asRecord(raw);
    if (
      typeof p.name !== "string" || typeof p.exec !== "string" || typeof p.kind !== "string" ||
      !KINDS.includes(p.kind) || typeof p.manifest_sha256 !== "string"
    ) continue; // an unreadable pin pins nothing: that extension is held back
    out[dir] = {
      name: p.name,
      exec: p.exec,
      kind: p.kind as LaunchKind,
      manifestSha256: p.manifest_sha256,
      treeSha256: typeof p.tree_sha256 === "string" ? p.tree_sha256 : "",
      files: parseFiles(p.files),
    };
  }
  return out;
}

function parseFiles(v: unknown): Record<string, string> | undefined {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === "string") out[k] = x;
  return out;
}

/** True when the user trusted the project at `dir`. */
export async function isProjectTrusted(trustPath: string, dir: string): Promise<boolean> {
  return (await projectKey(dir)) in (await readProjects(trustPath));
}

/** The pinned set of a trusted project; undefined when untrusted or trusted before pinning. */
export async function pinnedSet(trustPath: string, dir: string): Promise<PinnedSet | undefined> {
  const entry = (await readProjects(trustPath))[await projectKey(dir)];
  return entry === undefined ? undefined : parsePins(asRecord(entry).extensions);
}

/** The pin of `source` now, or why it cannot be pinned (its tree is unreadable or too large). */
async function pinOf(
  source: ExtensionSource,
  identity: Identity,
): Promise<{ ok: true; pin: Pin } | { ok: false; error: string }> {
  const tree = await treeHash(source.dir, outsidePaths(source));
  if (!tree.ok) return { ok: false, error: tree.problem };
  const { name, exec, kind, manifestSha256 } = identity;
  const pin: Pin = { name, exec, kind, manifestSha256, treeSha256: tree.tree.sha256 };
  if (tree.tree.entries) pin.files = tree.tree.entries;
  return { ok: true, pin };
}

/**
 * The exec and the args that name a path outside the extension directory
 * (they run with it as the working directory), so code the manifest points
 * at elsewhere in the repository is pinned too. Path-like is what launching
 * treats as a path: absolute, or containing a separator.
 */
function outsidePaths(source: ExtensionSource): Record<string, string> {
  const out: Record<string, string> = {};
  const named = [
    ["(exec)", source.manifest.exec ?? ""],
    ...(source.manifest.args ?? []).map((a, i) => [`(args[${i}])`, a]),
  ];
  for (const [label, given] of named) {
    if (!(isAbsolute(given) || given === ".." || given.includes(sep))) continue;
    const path = resolve(source.dir, given);
    if (!isInside(resolve(source.dir), path)) out[`${label} ${given}`] = path;
  }
  return out;
}

/** A project extension `zot trust` could not pin: it never runs, and why. */
export interface Unpinnable {
  dir: string;
  name: string;
  problem: string;
}

/**
 * The extensions in `<dir>/.zot/extensions` now, as they would be pinned;
 * `unpinnable` collects those that cannot be (they stay held back).
 */
export async function currentSet(dir: string, unpinnable: Unpinnable[] = []): Promise<PinnedSet> {
  const set: PinnedSet = {};
  const { identityOf } = await identities();
  for (const c of await scanRoot(join(dir, ".zot", "extensions"), "project")) {
    if (!c.ok) continue; // an invalid manifest never runs; there is nothing to pin
    const pin = await pinOf(c.source, await identityOf(c.source));
    if (pin.ok) set[basename(c.dir)] = pin.pin;
    else {unpinnable.push({
        dir: basename(c.dir),
        name: c.source.manifest.name,
        problem: pin.error,
      });}
  }
  return set;
}

/**
 * Remember that the project at `dir` is trusted with `set` (default: its
 * extensions now); resolves to its key.
 */
export async function trustProject(
  trustPath: string,
  dir: string,
  now: Date = new Date(),
  set?: PinnedSet,
): Promise<string> {
  const pins = set ?? await currentSet(dir);
  const key = await projectKey(dir);
  const extensions = Object.fromEntries(
    Object.entries(pins).map(([d, p]) => [d, {
      name: p.name,
      exec: p.exec,
      kind: p.kind,
      manifest_sha256: p.manifestSha256,
      tree_sha256: p.treeSha256,
      ...(p.files ? { files: p.files } : {}),
    }]),
  );
  await withStateLock(trustPath, async () => {
    const projects = await readProjects(trustPath);
    projects[key] = { trusted_at: now.toISOString(), extensions };
    await writeJsonFileAtomic(trustPath, { version: VERSION, projects });
  });
  return key;
}

/** Forget the trust of `dir`; resolves to whether it was trusted. */
export async function untrustProject(trustPath: string, dir: string): Promise<boolean> {
  const key = await projectKey(dir);
  return await withStateLock(trustPath, async () => {
    const projects = await readProjects(trustPath);
    if (!(key in projects)) return false;
    delete projects[key];
    await writeJsonFileAtomic(trustPath, { version: VERSION, projects });
    return true;
  });
}

/** Every trusted project, sorted. */
export async function trustedProjects(trustPath: string): Promise<string[]> {
  return Object.keys(await readProjects(trustPath)).sort();
}

/** The message for held-back project extensions, with the remedy. */
export function untrustedMessage(names: string[], project: string): string {
  return `Not starting project extensions ${names.map((n) => `"${n}"`).join(", ")}: ` +
    `${project} is not a trusted project (run "zot trust" there to allow them)`;
}

/** How `pin` (undefined: not pinned) differs from `now`, in words; empty when unchanged. */
export function pinChanges(pin: Pin | undefined, now: Pin): string[] {
  if (!pin) return ["new"];
  const changes: string[] = [];
  if (pin.name !== now.name) changes.push(`name "${pin.name}" -> "${now.name}"`);
  if (pin.kind !== now.kind) {
    changes.push(`runs as ${kindWords(pin.kind)} -> ${kindWords(now.kind)}`);
  }
  if (pin.exec !== now.exec) changes.push(`exec "${pin.exec}" -> "${now.exec}"`);
  if (pin.manifestSha256 !== now.manifestSha256) changes.push("manifest edited");
  if (pin.treeSha256 === "") changes.push("its files were not pinned by the last trust");
  else if (pin.treeSha256 !== now.treeSha256) {
    // A manifest edit said above is not repeated; any other difference is always said.
    const said = changes.includes("manifest edited");
    const files = treeChanges(pin.files, now.files)?.filter((f) =>
      !(said && f === MANIFEST_EDITED)
    );
    if (!files || (files.length === 0 && !said)) changes.push("its files changed");
    else if (files.length) changes.push(`files changed: ${files.join(", ")}`);
  }
  return changes;
}

/** A project extension that does not run, and why. */
export interface HeldBack {
  source: ExtensionSource;
  message: string;
}

/**
 * Split `sources` of a trusted project at `project` into those matching the
 * pinned set (and every non-project source) and those held back.
 */
export async function checkPinned(
  trustPath: string,
  project: string,
  sources: readonly ExtensionSource[],
): Promise<{ run: ExtensionSource[]; held: HeldBack[] }> {
  const ofProject = sources.filter((s) => s.kind === "project");
  if (ofProject.length === 0) return { run: [...sources], held: [] };
  const pins = await pinnedSet(trustPath, project);
  const { identityOf } = await identities();
  const run: ExtensionSource[] = [];
  const held: HeldBack[] = [];
  const remedy = `(run "zot trust" to review and allow it)`;
  for (const source of sources) {
    if (source.kind !== "project") {
      run.push(source);
      continue;
    }
    const name = source.manifest.name;
    const pin = await pinOf(source, await identityOf(source));
    const changes = !pins
      ? [`trusted before zot pinned each extension`]
      : pin.ok
      ? pinChanges(pins[basename(source.dir)], pin.pin)
      : [pin.error];
    if (changes.length === 0) {
      run.push(source);
      continue;
    }
    const why = pins && !pin.ok
      ? `zot cannot pin it: ${pin.error}`
      : changes[0] === "new"
      ? `it was added after you trusted ${project}`
      : `it changed since you trusted ${project} (${changes.join("; ")})`;
    held.push({ source, message: `Not starting project extension "${name}": ${why} ${remedy}` });
  }
  return { run, held };
}

/** Lines for `zot trust`: each extension, how it runs, and what changed since the last trust. */
export function describeSet(current: PinnedSet, previous: PinnedSet | undefined): string[] {
  const lines: string[] = [];
  for (const [dir, pin] of Object.entries(current).sort(([a], [b]) => a < b ? -1 : 1)) {
    const changes = previous ? pinChanges(previous[dir], pin) : [];
    const note = changes.length === 0
      ? ""
      : changes[0] === "new"
      ? " [new since the last trust]"
      : ` [changed: ${changes.join("; ")}]`;
    const runs = pin.kind === "passive"
      ? kindWords(pin.kind)
      : pin.kind === "sandboxed"
      ? `runs "${pin.exec}" sandboxed`
      : pin.kind === "confined"
      ? `runs "${pin.exec}" as a plain program confined by the OS sandbox`
      : `runs "${pin.exec}" as a plain program, NOT sandboxed, with your full privileges`;
    lines.push(`  "${pin.name}" (${dir}): ${runs}${note}`);
  }
  for (const dir of Object.keys(previous ?? {}).filter((d) => !(d in current)).sort()) {
    lines.push(`  "${previous![dir].name}" (${dir}): removed since the last trust`);
  }
  return lines;
}
