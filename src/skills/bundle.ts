/**
 * Skill bundles: the skills one extension contributes through its manifest's
 * `skills` entries, and how their names are formed (`<prefix>:<skill>`). The
 * extension loader plans bundles; skill discovery reads them.
 *
 * @module
 */

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
