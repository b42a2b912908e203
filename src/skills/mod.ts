/**
 * Skills: discovery, the prompt section, and the types.
 *
 * @module
 */

export { discoverSkills, type SkillDiscoveryOptions } from "./discovery.ts";
export { skillsPromptSection } from "./prompt.ts";
export { parseFrontmatter } from "./frontmatter.ts";
export { BUILTIN_SKILLS } from "./builtin/mod.ts";
export type { Skill, SkillSource } from "./types.ts";
