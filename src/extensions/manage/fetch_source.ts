/**
 * The sources `zot ext install` and `zot ext update` fetch from: a local
 * directory (copied), a git URL with an optional `#<tag|branch|commit>` pin
 * (cloned), an npm package `npm:<pkg>[@range]` (downloaded, checked,
 * unpacked). Each fills a new staging directory and says exactly what it
 * fetched, which becomes the install record.
 *
 * @module
 */

import { ZotError } from "../../errors.ts";
import { copyExtensionTree, installSkip, outwardSymlinks, symlinkRefusal } from "./copy.ts";
import { gitHead, gitRepoName, type GitRunner, isGitSource, splitGitPin } from "./git.ts";
import { IGNORE_NOTHING } from "./gitignore.ts";
import {
  fetchNpmPackage,
  npmInstallName,
  npmRegistry,
  type NpmSpec,
  parseNpmSource,
  resolveNpm,
} from "./npm.ts";
import type { InstallOrigin } from "./record.ts";

export type SourceSpec =
  | { type: "git"; url: string; ref?: string }
  | { type: "path"; path: string }
  | { type: "npm"; npm: NpmSpec; registry: string };

/** Parse what the user typed; a path is returned as typed (the caller resolves and checks it). */
export function parseSourceSpec(src: string, registry?: string): SourceSpec {
  const npm = parseNpmSource(src);
  if (npm) return { type: "npm", npm, registry: registry ?? npmRegistry() };
  if (isGitSource(src)) return { type: "git", ...splitGitPin(src) };
  return { type: "path", path: src };
}

/** The spec to fetch an update from, as recorded at install. */
export function specOfOrigin(origin: InstallOrigin): SourceSpec {
  switch (origin.type) {
    case "git":
      return origin.ref ? { type: "git", url: origin.url, ref: origin.ref } : {
        type: "git",
        url: origin.url,
      };
    case "path":
      return { type: "path", path: origin.path };
    case "npm":
      return {
        type: "npm",
        npm: { package: origin.package, range: origin.range },
        registry: origin.registry,
      };
  }
}

/** The install directory name the source suggests (validated by the caller). */
export function specDirName(spec: SourceSpec, basenameOfPath: (p: string) => string): string {
  if (spec.type === "git") return gitRepoName(spec.url);
  if (spec.type === "npm") return npmInstallName(spec.npm.package);
  return basenameOfPath(spec.path);
}

/** The source as the user would type it again. */
export function specText(spec: SourceSpec): string {
  if (spec.type === "git") return spec.ref ? `${spec.url}#${spec.ref}` : spec.url;
  if (spec.type === "npm") return `npm:${spec.npm.package}@${spec.npm.range}`;
  return spec.path;
}

export interface FetchOptions {
  git: GitRunner;
  signal?: AbortSignal;
  /** Git history to fetch (an update lists the commits it brings). */
  depth?: number;
}

/** Fill the new directory `staging` from `spec`; returns what was fetched. Throws ZotError. */
export async function fetchInto(
  spec: SourceSpec,
  staging: string,
  options: FetchOptions,
): Promise<InstallOrigin> {
  const { signal } = options;
  if (spec.type === "git") {
    const cloned = await options.git.clone(spec.url, staging, signal, {
      ref: spec.ref,
      depth: options.depth,
    });
    if (!cloned.ok) {
      const what = spec.ref ? ` (is "${spec.ref}" a tag, branch or commit of it?)` : "";
      throw new ZotError(
        "install",
        `git clone: ${cloned.error} (check the URL and that git can reach it${what})`,
      );
    }
    const bad = await outwardSymlinks(staging, installSkip(IGNORE_NOTHING));
    if (bad.length) throw symlinkRefusal(specText(spec), bad);
    const commit = await gitHead(staging);
    return {
      type: "git",
      url: spec.url,
      ...(spec.ref ? { ref: spec.ref } : {}),
      ...(commit ? { commit } : {}),
    };
  }
  if (spec.type === "npm") {
    const resolved = await resolveNpm(spec.npm, spec.registry, signal);
    await fetchNpmPackage(spec.npm, resolved, staging, signal);
    // The tar reader only refuses links it can judge lexically; check the result as a copy would.
    const bad = await outwardSymlinks(staging);
    if (bad.length) throw symlinkRefusal(specText(spec), bad);
    return {
      type: "npm",
      package: spec.npm.package,
      range: spec.npm.range,
      version: resolved.version,
      registry: spec.registry,
    };
  }
  await copyExtensionTree(spec.path, staging);
  return { type: "path", path: spec.path };
}
