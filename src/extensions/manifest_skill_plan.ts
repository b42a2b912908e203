/**
 * Skill bundles planned from discovered manifests without starting any
 * process: which directories and `SKILL.md` files each enabled extension
 * contributes, and the prefix its skills are named with.
 *
 * @module
 */

import { checkSkillPaths, type SkillRoot } from "./manifest_skills.ts";
import { manifestDiagnostic } from "./manifest.ts";
import type { Diagnostic, ExtensionSource, Loaded } from "./types.ts";

/** The skills of one extension. */
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

/** The full name of a skill found in directory `skillDirName` of an extension. */
export function bundleSkillName(prefix: string, skillDirName: string): string {
  return `${prefix}:${kebabCase(skillDirName)}`;
}

/**
 * Plan the skill bundles of `sources` (already deduplicated by `discover`,
 * in precedence order). Disabled manifests are skipped.
 */
export async function planSkillBundles(
  sources: readonly ExtensionSource[],
): Promise<Loaded<SkillBundle[]>> {
  const value: SkillBundle[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    const { manifest, dir } = source;
    if (!manifest.enabled || !manifest.skills?.length || seen.has(manifest.name)) continue;
    seen.add(manifest.name);
    const checked = await checkSkillPaths(dir, manifest.skills);
    if (!checked.ok) {
      diagnostics.push(manifestDiagnostic(dir, checked.problem, manifest.name));
      continue;
    }
    value.push({
      extension: manifest.name,
      prefix: kebabCase(manifest.name),
      dir,
      roots: checked.roots,
    });
  }
  return { value, diagnostics };
}
