/**
 * The `skill` tool: returns the instructions (SKILL.md body) of a skill
 * named in the system prompt's skills section.
 *
 * @module
 */

import type { Tool } from "../model/types.ts";
import type { Skill } from "../skills/types.ts";
import { errorResult, requiredString, textResult } from "./args.ts";

/** Names listed in the unknown-skill error at most. */
const MAX_LISTED = 50;

/**
 * `skills` is read at each call, so a caller that re-discovers skills (e.g.
 * after `/reload-ext`) can replace the array's contents in place.
 */
export function createSkillTool(skills: readonly Skill[]): Tool {
  return {
    name: "skill",
    description:
      'Load a skill: returns its instructions. Use it when a task matches one of the skills listed in the system prompt, with the exact name shown there (e.g. {"name": "zot-extension"}).',
    source: "builtin",
    schema: {
      type: "object",
      properties: { name: { type: "string", description: "Skill name as listed" } },
      required: ["name"],
    },
    execute: (args) => {
      const name = requiredString(args, "name");
      if (!name.ok) return Promise.resolve(errorResult(name.error));
      const wanted = name.value.trim();
      const skill = skills.find((s) => s.name === wanted) ??
        skills.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
      if (!skill) return Promise.resolve(errorResult(unknownSkill(wanted, skills)));
      const header = `Skill "${skill.name}" (${skill.path})`;
      const dir = skill.path.startsWith("builtin:")
        ? ""
        : `\nFiles it mentions are relative to ${dirOf(skill.path)}`;
      return Promise.resolve(textResult(`${header}${dir}\n\n${skill.body.trim()}`));
    },
  };
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/")) || "/";
}

function unknownSkill(name: string, skills: readonly Skill[]): string {
  if (skills.length === 0) return `Unknown skill "${name}" (no skills are available)`;
  const names = skills.slice(0, MAX_LISTED).map((s) => s.name);
  const more = skills.length > MAX_LISTED ? `, and ${skills.length - MAX_LISTED} more` : "";
  return `Unknown skill "${name}" (available: ${names.join(", ")}${more})`;
}
