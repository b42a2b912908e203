/**
 * Skills: instructions the model loads on demand with the `skill` tool.
 * Only names and descriptions go into the system prompt.
 *
 * @module
 */

/** Where a skill was found (see discovery.ts for the order). */
export type SkillSource = "project" | "zot-home" | "user" | "builtin" | "extension";

export interface Skill {
  /** Unique name; extension skills are `<kebab manifest>:<kebab dir>`. */
  name: string;
  description: string;
  /** The SKILL.md text after the frontmatter. */
  body: string;
  /** The SKILL.md path, or `builtin:<name>` for zot's own skills. */
  path: string;
  source: SkillSource;
  /** Manifest name, for extension skills. */
  extension?: string;
  /** `allowed-tools` from the frontmatter: parsed, not enforced. */
  allowedTools?: string[];
  /** `permissions` from the frontmatter as written: parsed, not enforced. */
  permissions?: unknown;
}
