/**
 * The system prompt's skills section: names and descriptions only, the
 * bodies are loaded with the `skill` tool when needed (that keeps the
 * prompt small however many skills are installed).
 *
 * @module
 */

import type { Skill } from "./types.ts";

/** The section text, or "" when there are no skills (no `skill` tool either). */
export function skillsPromptSection(skills: readonly Skill[]): string {
  if (skills.length === 0) return "";
  const lines = skills.map((s) => `- ${s.name}: ${s.description}`);
  return [
    "# Skills",
    "",
    'Skills are instructions for specific tasks. When a task matches a skill below, call the "skill" tool with its name and follow what it returns before starting.',
    "",
    ...lines,
  ].join("\n");
}
