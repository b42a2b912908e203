/**
 * Keeping write grants away from places that run code. A write grant on a
 * project would otherwise let an extension plant a plain extension in
 * `.zot/extensions` (which runs unsandboxed in a trusted project) or a git
 * hook in `.git/hooks`, and so escape the sandbox on the next start or
 * commit.
 *
 * Deno's deny list is lexical, like its grants: `--deny-write=<R>/.git`
 * stops writing, creating, renaming and removing that path and everything
 * below it, but not renaming a parent directory that holds it. So a deny
 * holds only for a name directly in a granted root (the root itself cannot
 * be moved: its parent is not writable). Hence, for each writable root `R`
 * other than the extension's data directory:
 *
 * - `R/.git` and `R/.zot` are denied (existing or not, directory or
 *   gitfile), and so is `R/HEAD`, without which git will not take `R`
 *   itself for a bare repository (with hooks and a config of its own) when
 *   `R` has no `.git`;
 * - what zot reads into the model's instructions is denied too:
 *   `R/AGENTS.md`, `R/CLAUDE.md` (the system prompt) and `R/.claude`,
 *   `R/.agents` (project skills). Text planted there would steer the model,
 *   which runs tools as the user, on the next run. Copies of those files in a
 *   subdirectory are read only when zot runs in that subdirectory; they
 *   cannot be denied for the same reason as a nested `.git` (documented);
 * - `R` itself may not lie in a `.git`, `.zot`, `.claude` or `.agents`, nor be
 *   one of the denied files;
 * - a `.git` or `.zot` further down (a submodule, a nested repository, a
 *   project's `.zot`) refuses the start, since no deny could hold there;
 * - `R` may not contain the project directory or a trusted project below
 *   its top level, for the same reason;
 * - the places git run at `R` takes code from (its hooks directory,
 *   `core.hooksPath`, every configuration file and include; git_paths.ts)
 *   may not lie in a writable place outside the denied ones.
 *
 * Names are denied in every upper/lower-case spelling and compared without
 * case, because on a case-insensitive file system (macOS and Windows by
 * default) `.GIT` is `.git`.
 *
 * Symlinks into denied places are refused by the symlink check, which is
 * given the deny list. Where the runner cannot express a deny at all (the
 * Worker runner of a compiled zot), the launch refuses such a grant.
 *
 * @module
 */

import { join } from "../path.ts";
import type { TreeRules } from "./symlinks.ts";
import { type GitPlace, gitPlaces } from "./git_paths.ts";

/** Entries that make a directory a place git or zot runs code from. */
export const PROTECTED_NAMES = [".git", ".zot"] as const;

/** What zot reads into the model's instructions: the system prompt's files, project skills. */
export const INSTRUCTION_NAMES = ["AGENTS.md", "CLAUDE.md", ".claude", ".agents"] as const;

/** Names denied directly in each writable root. */
export const DENIED_NAMES = [...PROTECTED_NAMES, "HEAD", ...INSTRUCTION_NAMES] as const;

/** Directories a writable root may not lie in. */
const ENCLOSING_NAMES = [...PROTECTED_NAMES, ".claude", ".agents"];

/** Every upper/lower-case spelling of `name` (".git", ".GIT", ".Git", …). */
export function caseVariants(name: string): string[] {
  let out = [""];
  for (const ch of name) {
    const forms = [...new Set([ch.toLowerCase(), ch.toUpperCase()])];
    out = out.flatMap((o) => forms.map((f) => o + f));
  }
  return out;
}

const isProtected = (name: string) =>
  (PROTECTED_NAMES as readonly string[]).includes(name.toLowerCase());

export type WriteGuard =
  | {
    ok: true;
    deny: string[];
    /** The per-entry rule for the walk of the granted trees (symlinks.ts). */
    entry: NonNullable<TreeRules["entry"]>;
  }
  | { ok: false; error: string };

export interface WriteGuardOptions {
  /** Real path of the data directory: zot's own, never a project, so not guarded. */
  data: string;
  /** Real paths of the project directory and of every trusted project. */
  projects: string[];
  /** Where git run at `dir` takes code from; default: ask git (git_paths.ts). */
  gitPlaces?: (dir: string) => Promise<GitPlace[]>;
}

const within = (root: string, p: string) => p === root || root === "/" || p.startsWith(root + "/");

/** The deny list for `writable` (real paths), or why such a grant cannot be made safe. */
export async function guardWrites(
  writable: string[],
  opts: WriteGuardOptions,
): Promise<WriteGuard> {
  const roots = writable.filter((w) => !within(opts.data, w));
  const deny = roots.flatMap((r) => DENIED_NAMES.flatMap(caseVariants).map((n) => join(r, n)));
  for (const root of roots) {
    const inside = root.split("/").find((s) => ENCLOSING_NAMES.includes(s.toLowerCase()));
    if (inside) {
      return {
        ok: false,
        error: `scope.write "${root}" lies in a "${inside}" directory, where git or zot ` +
          `takes code or instructions from (write to "\${data}" instead)`,
      };
    }
    // Denied names that are files: granting one by name would skip the deny.
    const file = root.split("/").pop()!.toLowerCase();
    if (file === "head") {
      return {
        ok: false,
        error: `scope.write "${root}" is a HEAD, which can make its directory a git repository ` +
          `(write to "\${data}" instead)`,
      };
    }
    if (file === "agents.md" || file === "claude.md") {
      return {
        ok: false,
        error: `scope.write "${root}" is read into the model's instructions, which run tools ` +
          `as you (write to "\${data}" instead)`,
      };
    }
    const project = opts.projects.find((p) => p !== root && within(root, p));
    if (project) {
      return {
        ok: false,
        error: `scope.write "${root}" contains the project "${project}", whose .git and .zot ` +
          `cannot be kept out of reach from there (grant "\${project}" or a directory inside it)`,
      };
    }
  }
  const places = opts.gitPlaces ?? gitPlaces;
  for (const root of roots) {
    for (const place of await places(root)) {
      const exposed = writable.some((w) => within(w, place.path)) &&
        !deny.some((d) => within(d, place.path));
      if (exposed) {
        return {
          ok: false,
          error: `scope.write covers "${place.path}", where git run in "${root}" takes its ` +
            `${place.what} from; grant a directory that does not hold it`,
        };
      }
    }
  }
  return { ok: true, deny, entry: nestedRule(roots) };
}

/**
 * The walk's rule: a `.git` or `.zot` below the top level of a guarded
 * writable root refuses the start (a parent directory could be renamed
 * around a deny there).
 */
function nestedRule(roots: string[]): NonNullable<TreeRules["entry"]> {
  return (path, name, root) => {
    if (!root || !roots.includes(root) || !isProtected(name)) return undefined;
    if (path === join(root, name)) return undefined; // denied in place
    return `scope.write "${root}" holds "${path}" below its top level, where writes cannot ` +
      `be kept out of it (a parent directory could be renamed); grant a directory beside it`;
  };
}
