/**
 * Built-in tools and skills of a run, restricted by `--tools` / `--no-tools`
 * and `--no-skill` / `--with-skills`.
 *
 * @module
 */

import type { Tool } from "../../model/types.ts";
import { type BashSandbox, createBuiltinTools, type JailPolicy } from "../../tools/mod.ts";
// Not skills/mod.ts: it also exports the frontmatter parser, which discovery loads when needed.
import { type SkillRoot, skillRoots } from "../../skills/roots.ts";
import { BUILTIN_SKILLS } from "../../skills/builtin/mod.ts";
import type { Skill } from "../../skills/types.ts";
import type { ExtensionSource } from "../../extensions/types.ts";
import { type EnvGet, homeDir, type ZotPaths } from "../../config/paths.ts";
import { UsageError } from "../../errors.ts";
import type { RunFlags } from "./flags.ts";
import type { DiagnosticSink } from "../../diagnostic.ts";

/** Allowed tool names, or undefined for all. */
export function toolAllowList(flags: RunFlags): string[] | undefined {
  if (flags.noTools) return [];
  if (!flags.tools) return undefined;
  const names = flags.tools.map((t) => t.trim()).filter((t) => t !== "");
  if (names.length === 0) {
    throw new UsageError(`"--tools" needs at least one name (or use --no-tools)`);
  }
  return names;
}

export async function loadSkills(
  flags: RunFlags,
  paths: ZotPaths,
  sources: readonly ExtensionSource[],
  env: EnvGet,
  warn: DiagnosticSink,
): Promise<Skill[]> {
  if (flags.noSkill) return [];
  const where = { cwd: paths.cwd, zotHome: paths.home, home: homeDir(env) };
  // No extension with skills and no skill folder (most runs): zot's own skills, without the
  // discovery code.
  const bundled = sources.filter((s) => s.manifest.skills?.length);
  if (
    bundled.length === 0 &&
    !(await anyExists(skillRoots({ ...where, includeHome: flags.withSkills })))
  ) {
    return [...BUILTIN_SKILLS];
  }
  // Extensions' skill bundles need the manifest checks: loaded only when there are some.
  const bundles = bundled.length
    ? await (await import("../../extensions/manifest_skill_plan.ts")).planSkillBundles(bundled)
    : { value: [], diagnostics: [] };
  const { discoverSkills } = await import("../../skills/discovery.ts");
  const found = await discoverSkills({
    ...where,
    includeHome: flags.withSkills,
    disabled: false,
    bundles: bundles.value,
  });
  for (const d of [...bundles.diagnostics, ...found.diagnostics]) {
    if (d.severity !== "info") warn(d);
  }
  return found.value;
}

/** Whether any root is there, even one that cannot be read: discovery reports that. */
async function anyExists(roots: readonly SkillRoot[]): Promise<boolean> {
  const there = (dir: string) =>
    Deno.lstat(dir).then(() => true, (e) => !(e instanceof Deno.errors.NotFound));
  return (await Promise.all(roots.map((r) => there(r.dir)))).some((t) => t);
}

export function builtinTools(
  cwd: string,
  skills: readonly Skill[],
  allow?: readonly string[],
  jail?: JailPolicy,
  sandbox?: BashSandbox,
): Tool[] {
  return createBuiltinTools({ cwd, skills, enabled: allow, jail, sandbox });
}
