/**
 * The static half of `zot ext doctor`: what discovery finds in the project
 * and global roots (manifest errors, disabled, shadowed, theme-only),
 * without starting anything.
 *
 * @module
 */

import { basename } from "../../path.ts";
import { extensionLogPath, type ZotPaths } from "../../config/paths.ts";
import { discover, type DiscoverOptions } from "../discovery.ts";
import type { ExtensionSource } from "../types.ts";
import { isSandboxedExec } from "./list.ts";

export interface DoctorEntry {
  /** Manifest name, or the directory name when the manifest is unreadable. */
  name: string;
  scope: "project" | "global" | "explicit";
  dir: string;
  version?: string;
  exec?: string;
  /** Manifest problem. */
  error?: string;
  /** The winning directory when this copy is shadowed. */
  shadowedBy?: string;
  disabled: boolean;
  /** No exec: a theme or skill bundle that is never spawned. */
  passive: boolean;
  /** What a passive bundle brings (a skills-only bundle is no theme). */
  bundle?: "theme-only" | "skill-only" | "theme and skills";
  /** A project extension of a project the user has not trusted: it does not run. */
  untrusted?: boolean;
  sandboxed: boolean;
  logPath?: string;
  /** Present for valid manifests: what a live start would load. */
  source?: ExtensionSource;
}

function fromSource(paths: ZotPaths, source: ExtensionSource): DoctorEntry {
  const m = source.manifest;
  const entry: DoctorEntry = {
    name: m.name,
    scope: source.kind,
    dir: source.dir,
    disabled: !m.enabled,
    passive: !m.exec,
    // A plain program with a scope runs confined by the OS sandbox: sandboxed too.
    sandboxed: isSandboxedExec(m.exec) || (!!m.exec && m.scope !== undefined),
    source,
  };
  if (m.version) entry.version = m.version;
  if (!m.exec) {
    const skills = (m.skills?.length ?? 0) > 0;
    entry.bundle = source.themePath && skills
      ? "theme and skills"
      : skills
      ? "skill-only"
      : "theme-only";
  }
  if (m.exec) {
    entry.exec = m.exec;
    entry.logPath = extensionLogPath(paths, m.name);
  }
  return entry;
}

const scopeRank = { explicit: 0, project: 1, global: 2 } as const;

/**
 * Every extension directory: `explicit` ones (`zot ext doctor --ext <dir>`, a working copy as
 * `zot --ext` loads it) first, then project, then global, each sorted by name.
 */
export async function doctorScan(
  paths: ZotPaths,
  explicit: readonly string[] = [],
  options: Pick<DiscoverOptions, "admitProject" | "projectTrusted"> = {},
): Promise<DoctorEntry[]> {
  // Names are decided as a run decides them: an untrusted project's extensions take no part.
  const found = await discover({
    paths,
    explicit,
    admitProject: options.admitProject,
    projectTrusted: options.projectTrusted,
  });
  const entries: DoctorEntry[] = found.value.map((s) => fromSource(paths, s));
  for (const s of found.untrusted) entries.push({ ...fromSource(paths, s), untrusted: true });
  // Held back by the trust pins: listed like the others; the caller says why they do not start.
  for (const h of found.held) entries.push(fromSource(paths, h.source));
  for (const s of found.shadowed) {
    entries.push({ ...fromSource(paths, s.source), shadowedBy: s.winner });
  }
  for (const bad of found.invalid) {
    entries.push({
      name: bad.name ?? basename(bad.dir),
      scope: bad.kind,
      dir: bad.dir,
      error: bad.problem,
      disabled: false,
      passive: false,
      sandboxed: false,
    });
  }
  return entries.sort((a, b) =>
    scopeRank[a.scope] - scopeRank[b.scope] ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0)
  );
}

/** Entries that a live start should load: winners, enabled, with an exec. */
export function runnable(entries: readonly DoctorEntry[]): ExtensionSource[] {
  return entries
    .filter((e) =>
      e.source && !e.error && !e.shadowedBy && !e.disabled && !e.passive && !e.untrusted
    )
    .map((e) => e.source!);
}
