/**
 * Git sources for `zot ext install`: recognising a URL, deriving the
 * extension name from it, and a shallow clone through the real `git`.
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";

const GIT_PREFIXES = ["https://", "http://", "git://", "ssh://", "file://", "git@"];

/** True when `src` names a git remote rather than a local directory. */
export function isGitSource(src: string): boolean {
  return GIT_PREFIXES.some((p) => src.startsWith(p)) || src.endsWith(".git");
}

/** `https://host/user/todo.git/` → `todo`, `git@host:user/todo.git` → `todo`. */
export function gitRepoName(src: string): string {
  const path = src.replace(/[?#].*$/, "").replace(/\/+$/, "").replace(/\.git$/, "");
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf(":"));
  return path.slice(cut + 1);
}

export type CloneResult = { ok: true } | { ok: false; error: string };

/** Runs git; the default spawns the real binary. Tests may pass their own. */
export interface GitRunner {
  /** Shallow-clone `url` into the new directory `dest`, progress to stderr. */
  clone(url: string, dest: string): Promise<CloneResult>;
}

export const realGit: GitRunner = {
  async clone(url, dest) {
    const cmd = new Deno.Command("git", {
      // `--` so a URL can never be read as an option.
      args: ["clone", "--depth", "1", "--progress", "--", url, dest],
      stdin: "null",
      stdout: "null",
      stderr: "inherit",
      // Never hang on a credential prompt; a private repo fails instead.
      env: { GIT_TERMINAL_PROMPT: "0" },
    });
    try {
      const { code } = await cmd.output();
      return code === 0 ? { ok: true } : { ok: false, error: `exited with status ${code}` };
    } catch (e) {
      return { ok: false, error: errorMessage(e) };
    }
  },
};
