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
  // A pin (`#v1`) does not hide that `../todo.git#v1` is a repository.
  const url = src.replace(/#[^#]*$/, "");
  return GIT_PREFIXES.some((p) => src.startsWith(p)) || url.endsWith(".git");
}

/** `https://host/user/todo.git/` → `todo`, `git@host:user/todo.git` → `todo`. */
export function gitRepoName(src: string): string {
  const path = src.replace(/[?#].*$/, "").replace(/\/+$/, "").replace(/\.git$/, "");
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf(":"));
  return path.slice(cut + 1);
}

export type CloneResult = { ok: true } | { ok: false; error: string };

/** `url#ref` → the URL and the pin (a tag, branch or commit), if any. */
export function splitGitPin(src: string): { url: string; ref?: string } {
  const hash = src.lastIndexOf("#");
  if (hash < 0) return { url: src };
  const ref = src.slice(hash + 1);
  return ref ? { url: src.slice(0, hash), ref } : { url: src.slice(0, hash) };
}

/** A pin that can only be a commit: 7 to 40 hex digits. */
export function isCommitPin(ref: string): boolean {
  return /^[0-9a-f]{7,40}$/i.test(ref);
}

/** What to clone: a ref (tag, branch or commit) and how much history. */
export interface CloneOptions {
  ref?: string;
  /** Commits of history; default 1. An update takes more, to list what changed. */
  depth?: number;
}

/** Runs git; the default spawns the real binary. Tests may pass their own. */
export interface GitRunner {
  /**
   * Shallow-clone `url` into the new directory `dest`, progress to stderr.
   * Aborting `signal` stops git (SIGTERM); the result is then a failure.
   */
  clone(
    url: string,
    dest: string,
    signal?: AbortSignal,
    options?: CloneOptions,
  ): Promise<CloneResult>;
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
    async clone(url, dest, signal, options = {}) {
      const run = async (args: string[], cwd?: string): Promise<CloneResult> => {
        try {
          const cmd = new Deno.Command("git", {
            args,
            cwd,
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
      };
      const { ref } = options;
      if (ref?.startsWith("-")) return { ok: false, error: `"${ref}" is not a ref` };
      if (ref && isCommitPin(ref)) {
        // A commit cannot be asked for by name when cloning: take the history, then check it out.
        const cloned = await run(["clone", "--no-checkout", "--progress", "--", url, dest]);
        if (!cloned.ok) return cloned;
        const out = await run(
          ["-c", "advice.detachedHead=false", "checkout", "--detach", ref],
          dest,
        );
        return out.ok ? out : { ok: false, error: `commit ${ref} not found (${out.error})` };
      }
      const depth = String(options.depth ?? 1);
      const branch = ref ? ["--branch", ref] : [];
      // `--` so a URL can never be read as an option.
      return await run(["clone", "--depth", depth, ...branch, "--progress", "--", url, dest]);
    },
  };
}

export const realGit: GitRunner = realGitRunner();

/** Run git in `dir` and return its trimmed stdout, or undefined on failure. */
async function gitOutput(dir: string, args: string[]): Promise<string | undefined> {
  try {
    const out = await new Deno.Command("git", {
      args: ["-C", dir, ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
      env: { GIT_TERMINAL_PROMPT: "0" },
    }).output();
    return out.code === 0 ? new TextDecoder().decode(out.stdout).trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The commit checked out in the clone `dir`, if it is one. */
export function gitHead(dir: string): Promise<string | undefined> {
  return gitOutput(dir, ["rev-parse", "--verify", "HEAD^{commit}"]);
}

/**
 * The commits of the clone `dir` after `from`, one line each (newest first), at most `max`.
 * Undefined when `from` is not in the history fetched.
 */
export async function gitCommitsSince(
  dir: string,
  from: string,
  max = 20,
): Promise<string[] | undefined> {
  if (!/^[0-9a-f]{7,40}$/i.test(from)) return undefined;
  const known = await gitOutput(dir, ["cat-file", "-e", `${from}^{commit}`]);
  if (known === undefined) return undefined;
  const log = await gitOutput(dir, ["log", "--format=%h %s", `-n${max}`, `${from}..HEAD`]);
  return log === undefined ? undefined : log.split("\n").filter((l) => l !== "");
}
