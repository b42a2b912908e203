/**
 * Skill bundles planned from discovered manifests without starting any
 * process: which directories and `SKILL.md` files each enabled extension
 * contributes, and the prefix its skills are named with.
 *
 * @module
 */

import { checkSkillPaths } from "./manifest_skills.ts";
import { manifestDiagnostic } from "./manifest.ts";
import type { Diagnostic, Loaded } from "../diagnostic.ts";
import type { ExtensionSource } from "./types.ts";
import { kebabCase, type SkillBundle } from "../skills/bundle.ts";

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
      // A skill problem: the extension itself still runs.
      const d = manifestDiagnostic(dir, checked.problem, manifest.name);
      diagnostics.push({ ...d, source: "skills", code: "skill-invalid" });
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
