/**
 * Skill discovery. Order, first skill per name wins:
 *
 *   1. `./.zot/skills`           project
 *   2. `$ZOT_HOME/skills`        only with `--with-skills`
 *   3. `./.claude/skills`        project
 *   4. `~/.claude/skills`        only with `--with-skills`
 *   5. `./.agents/skills`        project
 *   6. `~/.agents/skills`        only with `--with-skills`
 *   7. zot's built-in skills
 *   8. extension skill bundles (manifest `skills`), named `<prefix>:<dir>`
 *
 * Why home directories are opt-in: the issue asks for `$ZOT_HOME/skills`
 * "with `--with-skills`", and skills in `~/.claude` or `~/.agents` were
 * written for other agents; pulling them into every zot session unasked
 * would grow the prompt and surprise users. Project skills, zot's own and
 * those of installed extensions are on by default. `--no-skill(s)`
 * (`disabled`) turns all of it off, built-ins included (as in the reference
 * host, it disables both the prompt listing and the tool).
 *
 * @module
 */

import { basename, dirname, join } from "../path.ts";
import type { Diagnostic, Loaded, Severity } from "../diagnostic.ts";
import { bundleSkillName, type SkillBundle } from "./bundle.ts";
import { errorMessage } from "../errors.ts";
import { BUILTIN_SKILLS } from "./builtin/mod.ts";
import type { SkillMeta } from "./skill_file.ts";
import type { Skill } from "./types.ts";
import { skillRoots } from "./roots.ts";

export interface SkillDiscoveryOptions {
  /** Project directory. */
  cwd: string;
  /** `$ZOT_HOME`. */
  zotHome: string;
  /** The user's home directory (for `~/.claude` and `~/.agents`). */
  home?: string;
  /** `--with-skills`: also scan `$ZOT_HOME/skills` and the home directories. */
  includeHome: boolean;
  /** `--no-skill(s)`: no skills at all. */
  disabled: boolean;
  /** Planned extension bundles, in precedence order (src/extensions/manifest_skill_plan.ts). */
  bundles?: readonly SkillBundle[];
  /** Defaults to zot's own built-in skills. */
  builtin?: readonly Skill[];
}

/** Directory levels searched below a skills root; skills sit one or two levels down. */
const MAX_DEPTH = 6;

/** Find every skill, first per name winning; problems become diagnostics. */
export async function discoverSkills(options: SkillDiscoveryOptions): Promise<Loaded<Skill[]>> {
  const found = new Found();
  if (options.disabled) return found.result();
  for (const root of skillRoots(options)) {
    for (const file of await found.scan(root.dir, undefined)) {
      await found.load(file, {
        path: file,
        source: root.source,
        fallbackName: basename(dirname(file)),
      });
    }
  }
  for (const skill of options.builtin ?? BUILTIN_SKILLS) found.add(skill);
  for (const bundle of options.bundles ?? []) {
    const bundleDir = await realOrSelf(bundle.dir);
    for (const root of bundle.roots) {
      const files = root.kind === "file"
        ? [root.path]
        : await found.scan(root.path, bundleDir, bundle.extension);
      for (const file of files) {
        const dir = basename(dirname(file));
        await found.load(file, {
          path: file,
          source: "extension",
          fallbackName: dir,
          forcedName: bundleSkillName(bundle.prefix, dir),
          extension: bundle.extension,
        });
      }
    }
  }
  return found.result();
}

async function realOrSelf(path: string): Promise<string> {
  return await Deno.realPath(path).catch(() => path);
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith("/") ? root : `${root}/`);
}

/** Accumulates skills in precedence order plus diagnostics. */
class Found {
  #skills: Skill[] = [];
  #byName = new Map<string, Skill>();
  #diagnostics: Diagnostic[] = [];

  result(): Loaded<Skill[]> {
    return { value: this.#skills, diagnostics: this.#diagnostics };
  }

  add(skill: Skill): void {
    const first = this.#byName.get(skill.name);
    if (first) {
      this.#note(
        "info",
        dirname(skill.path),
        `Skill "${skill.name}" at ${skill.path} is shadowed by ${first.path}`,
        skill.extension,
      );
      return;
    }
    this.#byName.set(skill.name, skill);
    this.#skills.push(skill);
  }

  async load(file: string, meta: SkillMeta): Promise<void> {
    let text: string;
    try {
      text = await Deno.readTextFile(file);
    } catch (e) {
      this.#note(
        "error",
        dirname(file),
        `Cannot read skill ${file}: ${errorMessage(e)}`,
        meta.extension,
      );
      return;
    }
    // The SKILL.md parser loads with the first skill file: most runs have none on disk.
    const { parseSkill } = await import("./skill_file.ts");
    const parsed = parseSkill(text, meta);
    if (!parsed.ok) {
      this.#note("error", dirname(file), `Invalid skill ${file}: ${parsed.error}`, meta.extension);
      return;
    }
    this.add(parsed.skill);
  }

  /**
   * Every SKILL.md below `dir` (a directory holding SKILL.md is a skill and
   * is not searched further). Symlinks are followed, each real directory
   * once; with `confine` set, anything whose real path leaves it is skipped
   * with a diagnostic (an extension may not reach outside its directory).
   */
  async scan(dir: string, confine: string | undefined, extension?: string): Promise<string[]> {
    const files: string[] = [];
    const seen = new Set<string>();
    const walk = async (path: string, depth: number): Promise<void> => {
      const real = await realOrSelf(path);
      if (confine !== undefined && !inside(confine, real)) {
        this.#note(
          "error",
          path,
          `Skill path ${path} escapes extension directory ${confine}`,
          extension,
        );
        return;
      }
      if (seen.has(real)) return;
      seen.add(real);
      let entries: Deno.DirEntry[];
      try {
        entries = await Array.fromAsync(Deno.readDir(path));
      } catch (e) {
        if (!(e instanceof Deno.errors.NotFound) && !(e instanceof Deno.errors.NotADirectory)) {
          this.#note(
            "warning",
            path,
            `Cannot list skills in ${path}: ${errorMessage(e)}`,
            extension,
          );
        }
        return;
      }
      if (entries.some((e) => e.name === "SKILL.md" && !e.isDirectory)) {
        const file = join(path, "SKILL.md");
        if (confine !== undefined && !inside(confine, await realOrSelf(file))) {
          const message = `Skill path ${file} escapes extension directory ${confine}`;
          this.#note("error", path, message, extension);
          return;
        }
        files.push(file);
        return;
      }
      if (depth >= MAX_DEPTH) return;
      // Sorted, so discovery (and the prompt built from it) is stable across runs.
      const subdirs = entries
        .filter((e) =>
          (e.isDirectory || e.isSymlink) && !e.name.startsWith(".") && e.name !== "node_modules"
        )
        .map((e) => e.name)
        .sort();
      for (const name of subdirs) await walk(join(path, name), depth + 1);
    };
    await walk(dir, 0);
    return files;
  }

  #note(severity: Severity, dir: string, message: string, extension?: string): void {
    // Only a skill another one shadows is information; every other note is a skill not loaded.
    const code = severity === "info" ? "skill-shadowed" : "skill-invalid";
    const d: Diagnostic = { source: "skills", severity, code, dir, message };
    if (extension !== undefined) d.extension = extension;
    this.#diagnostics.push(d);
  }
}
