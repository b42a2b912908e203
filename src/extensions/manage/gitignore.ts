/**
 * The `.gitignore` matcher for `zot ext install <path>`: which files of the
 * source are left out of the copy. The rules are git's (globs, `**`,
 * `dir/` for directories only, a `/` anchoring a pattern to the root, `!`
 * negation, `\` escapes, the last matching rule wins), as implemented by the
 * `ignore` package. Only the source root's file is read. Matching is
 * case-sensitive, as git's is by default on Linux.
 *
 * @module
 */

import ignore from "ignore";

/** Decides whether a path (relative to the root, `/`-separated) is ignored. */
export interface IgnoreMatcher {
  ignores(relPath: string, isDir: boolean): boolean;
}

/** Build a matcher from the text of a `.gitignore`. */
export function parseGitignore(text: string): IgnoreMatcher {
  const rules = ignore({ ignorecase: false }).add(text);
  return {
    ignores(relPath, isDir) {
      try {
        // A trailing "/" tells the rules a path is a directory (`build/` matches only those).
        return rules.ignores(isDir ? `${relPath}/` : relPath);
      } catch {
        // A path the package will not judge (it is not relative) is copied: nothing is hidden.
        return false;
      }
    },
  };
}

/** A matcher that ignores nothing. */
export const IGNORE_NOTHING: IgnoreMatcher = { ignores: () => false };
