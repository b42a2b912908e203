/**
 * Host-side domain types shared by manifest loading, discovery, spawning,
 * the sandbox and the CLI.
 *
 * @module
 */

import type { Diagnostic } from "../diagnostic.ts";

/** A parsed `extension.json`. Unknown keys are kept in `raw`. */
export interface Manifest {
  name: string;
  version?: string;
  exec?: string;
  args?: string[];
  language?: string;
  description?: string;
  skills?: string[];
  /** Defaults to true. */
  enabled: boolean;
  /** The sandbox scope, unparsed here (see src/extensions/scope.ts). */
  scope?: unknown;
  /** Every key as written, for tools that must keep unknown keys. */
  raw: Record<string, unknown>;
}

/** Where an extension was found. Precedence: explicit > project > global. */
export type SourceKind = "explicit" | "project" | "global";

/** One discovered (or explicitly given) extension directory with a valid manifest. */
export interface ExtensionSource {
  manifest: Manifest;
  /** Absolute extension directory. */
  dir: string;
  manifestPath: string;
  kind: SourceKind;
  /** `theme.json` or `themes/theme.json` exists. */
  themePath?: string;
}

/** What the host or a loader has to say about one extension: the one typed diagnostic. */
export type { Diagnostic };

/** Loading returns values plus diagnostics; expected failures are not thrown. */
export interface Loaded<T> {
  value: T;
  diagnostics: Diagnostic[];
}

/** True when the bundle is never spawned (theme-only or skill-only). */
export function isPassive(source: ExtensionSource): boolean {
  return !source.manifest.exec;
}

/** How to start an extension's process. Built by src/extensions/launch.ts. */
export interface LaunchPlan {
  command: string;
  args: string[];
  cwd: string;
  /** Extra or replacement variables. */
  env?: Record<string, string>;
  /** Start from an empty environment (sandboxed runs). */
  clearEnv?: boolean;
  /** Run under the Deno permission sandbox. */
  sandboxed: boolean;
  /** `hello_ack.data_dir` for this extension. */
  dataDir: string;
  /** Lines to show the user about how it runs (e.g. the scope for `--ext`). */
  notes?: string[];
}

/** One manifest `skills` entry resolved to an absolute path. */
export interface SkillRoot {
  /** The entry as written in the manifest. */
  entry: string;
  path: string;
  kind: "dir" | "file";
}

/** The skills one extension contributes (planned by src/extensions/manifest_skill_plan.ts). */
export interface SkillBundle {
  extension: string;
  /** `kebabCase(manifest name)`: skills are named `<prefix>:<kebab skill dir>`. */
  prefix: string;
  dir: string;
  roots: SkillRoot[];
}

/** `Git Tools` → `git-tools`, `WritingGitCommits` → `writing-git-commits`. */
export function kebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The full name of a skill found in directory `skillDirName` of a bundle. */
export function bundleSkillName(prefix: string, skillDirName: string): string {
  return `${prefix}:${kebabCase(skillDirName)}`;
}
