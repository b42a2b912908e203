/**
 * Git sources for `zot ext install`: recognising a URL, deriving the
 * extension name from it, and a shallow clone through the real `git` that
 * can never block on a prompt.
 *
 * @module
 */

import { denoEnv, type EnvGet } from "../../config/paths.ts";
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
  /**
   * Shallow-clone `url` into the new directory `dest`, progress to stderr.
   * Aborting `signal` stops git (SIGTERM); the result is then a failure.
   */
  clone(url: string, dest: string, signal?: AbortSignal): Promise<CloneResult>;
}

/** ssh as git runs it for an install: a passphrase or host-key question fails instead of waiting. */
export const BATCH_SSH_COMMAND = "ssh -o BatchMode=yes";

/**
 * What git runs with for an install: nothing may wait for an answer on the
 * terminal (stdin is not even connected), so a private repository fails
 * with git's message instead of hanging. `GIT_TERMINAL_PROMPT=0` stops the
 * credential prompt; ssh gets BatchMode, unless the user chose their own ssh
 * command (`GIT_SSH_COMMAND`, `GIT_SSH` or `core.sshCommand`), which wins.
 */
export function gitEnv(env: EnvGet, sshCommandConfigured: boolean): Record<string, string> {
  const out: Record<string, string> = {
    GIT_TERMINAL_PROMPT: "0",
    // Git Credential Manager would otherwise open its own prompt.
    GCM_INTERACTIVE: "never",
  };
  if (!env("GIT_SSH_COMMAND") && !env("GIT_SSH") && !sshCommandConfigured) {
    out.GIT_SSH_COMMAND = BATCH_SSH_COMMAND;
  }
  return out;
}

/** Whether the user's git configuration sets `core.sshCommand`. */
async function sshCommandConfigured(): Promise<boolean> {
  try {
    const { code } = await new Deno.Command("git", {
      args: ["config", "--get", "core.sshCommand"],
      // Outside any repository, as `git clone` reads only the system and global files.
      cwd: "/",
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return code === 0;
  } catch {
    return false;
  }
}

/** The real git, reading the user's environment through `env`. */
export function realGitRunner(env: EnvGet = denoEnv): GitRunner {
  return {
    async clone(url, dest, signal) {
      try {
        const cmd = new Deno.Command("git", {
          // `--` so a URL can never be read as an option.
          args: ["clone", "--depth", "1", "--progress", "--", url, dest],
          stdin: "null",
          stdout: "null",
          stderr: "inherit",
          env: gitEnv(env, await sshCommandConfigured()),
          signal,
        });
        const { code, signal: killedBy } = await cmd.output();
        if (code === 0) return { ok: true };
        if (killedBy) return { ok: false, error: `stopped by ${killedBy}` };
        return { ok: false, error: `exited with status ${code}` };
      } catch (e) {
        return { ok: false, error: errorMessage(e) };
      }
    },
  };
}

export const realGit: GitRunner = realGitRunner();
