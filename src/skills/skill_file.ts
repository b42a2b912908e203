/**
 * Turning one SKILL.md into a {@linkcode Skill}: frontmatter checks, with
 * problems returned as messages for diagnostics.
 *
 * @module
 */

import { parseFrontmatter } from "./frontmatter.ts";
import type { Skill, SkillSource } from "./types.ts";

/** Letters, digits, `-`, `_`, `.`; `:` only as the extension prefix separator. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(:[A-Za-z0-9][A-Za-z0-9._-]*)?$/;
const MAX_NAME = 128;

export type SkillParse = { ok: true; skill: Skill } | { ok: false; error: string };

export interface SkillMeta {
  path: string;
  source: SkillSource;
  /** Name used when the frontmatter has none (the skill's directory name). */
  fallbackName: string;
  /** Forces the name (extension skills are named by their directory). */
  forcedName?: string;
  extension?: string;
}

/** Parse SKILL.md `text`; `meta` says where it came from. */
export function parseSkill(text: string, meta: SkillMeta): SkillParse {
  const fm = parseFrontmatter(text);
  if (!fm.ok) return { ok: false, error: fm.error };
  const { data, body } = fm;
  const description = data.description;
  if (typeof description !== "string" || description.trim() === "") {
    return {
      ok: false,
      error:
        `missing required "description" in the frontmatter (one line saying when to use the skill)`,
    };
  }
  if (data.name !== undefined && typeof data.name !== "string") {
    return { ok: false, error: `"name" in the frontmatter must be a string` };
  }
  const name = meta.forcedName ?? data.name ?? meta.fallbackName;
  // `:` separates an extension's prefix; other skills may not claim such names.
  const colonMisused = meta.forcedName === undefined && name.includes(":");
  if (!NAME.test(name) || name.length > MAX_NAME || colonMisused) {
    return {
      ok: false,
      error: `invalid skill name "${name}" (use letters, digits, "-", "_" or ".")`,
    };
  }
  const tools = allowedTools(data["allowed-tools"]);
  if (!tools.ok) return tools;
  const skill: Skill = {
    name,
    description: description.trim().replace(/\s+/g, " "),
    body,
    path: meta.path,
    source: meta.source,
  };
  if (meta.extension !== undefined) skill.extension = meta.extension;
  if (tools.value !== undefined) skill.allowedTools = tools.value;
  if (data.permissions !== undefined) skill.permissions = data.permissions;
  return { ok: true, skill };
}

/** `allowed-tools` as a list or as a comma/space separated string (both occur in the wild). */
function allowedTools(
  raw: unknown,
): { ok: true; value: string[] | undefined } | { ok: false; error: string } {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (typeof raw === "string") {
    return { ok: true, value: raw.split(/[,\s]+/).filter((s) => s !== "") };
  }
  if (Array.isArray(raw) && raw.every((t) => typeof t === "string")) {
    return { ok: true, value: raw };
  }
  return {
    ok: false,
    error: `"allowed-tools" must be a list of tool names or a comma-separated string`,
  };
}
