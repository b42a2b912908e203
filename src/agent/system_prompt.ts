/**
 * The base system prompt: identity, tools, skills, cwd, date and the
 * project's instruction files. `$ZOT_HOME/SYSTEM.md` replaces the default
 * body, `--system-prompt` replaces everything, `--append-system-prompt`
 * appends. `before_agent_start` extensions then see this assembled text.
 *
 * @module
 */

import { isAbsolute, join, relative } from "../path.ts";

export interface PromptTool {
  name: string;
  description: string;
}

export interface PromptSkill {
  name: string;
  description: string;
}

export interface SystemPromptInput {
  cwd: string;
  /** Project root (git root, else cwd) where AGENTS.md / CLAUDE.md are read. */
  projectRoot: string;
  tools: readonly PromptTool[];
  skills: readonly PromptSkill[];
  date: Date;
  /** Contents of `$ZOT_HOME/SYSTEM.md`, replacing the default body. */
  customBody?: string;
  /** `--system-prompt`: replaces the whole prompt. */
  override?: string;
  /** `--append-system-prompt`. */
  append?: string;
  /** Instruction files already read, in order (name → text). */
  contextFiles: readonly { name: string; text: string }[];
}

const DEFAULT_BODY =
  `You are zot, a coding agent running in the user's terminal. You help with software
engineering tasks: reading and changing code, running commands, explaining and fixing problems.

Work in small verified steps: read before you edit, prefer precise edits over rewrites, run the
project's own checks after a change, and say plainly what you did and what is left. Ask before
destructive or irreversible actions. Keep answers short; show code only when it helps.`;

/** The first sentence (or line) of a description: the prompt lists, the tool specs explain. */
function firstLine(text: string): string {
  let line = text.split("\n", 1)[0].trim();
  const stop = line.search(/[.!?](\s|$)/);
  if (stop > 0) line = line.slice(0, stop + 1);
  return line.length > 200 ? line.slice(0, 199) + "…" : line;
}

/** Assembles the prompt; pure, so tests and the TUI can render it. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  if (input.override !== undefined) return withAppend(input.override, input.append);
  const parts: string[] = [(input.customBody ?? DEFAULT_BODY).trim()];
  if (input.tools.length > 0) {
    const lines = [...input.tools]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((t) => `- ${t.name}: ${firstLine(t.description)}`);
    parts.push(`Available tools:\n${lines.join("\n")}`);
  }
  if (input.skills.length > 0) {
    const lines = input.skills.map((s) => `- ${s.name}: ${firstLine(s.description)}`);
    parts.push(
      `Skills (load one with the skill tool when the task matches its description):\n${
        lines.join("\n")
      }`,
    );
  }
  parts.push(
    `Current working directory: ${input.cwd}\nToday's date: ${
      input.date.toISOString().slice(0, 10)
    }`,
  );
  for (const file of input.contextFiles) {
    parts.push(`Project instructions from ${file.name}:\n\n${file.text.trim()}`);
  }
  return withAppend(parts.join("\n\n"), input.append);
}

function withAppend(prompt: string, append?: string): string {
  if (!append) return prompt;
  return prompt === "" ? append : `${prompt}\n\n${append}`;
}

/** Nearest ancestor holding `.git`, else `cwd`. */
export async function findProjectRoot(cwd: string): Promise<string> {
  let dir = cwd;
  for (;;) {
    try {
      await Deno.stat(join(dir, ".git"));
      return dir;
    } catch {
      const parent = join(dir, "..");
      if (parent === dir) return cwd;
      dir = parent;
    }
  }
}

/** The directories from `root` down to `cwd` (just `root` when `cwd` is not inside it). */
function dirsDownTo(root: string, cwd: string): string[] {
  const rel = relative(root, cwd);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return [root];
  const dirs = [root];
  for (const part of rel.split(/[\\/]/)) dirs.push(join(dirs.at(-1)!, part));
  return dirs;
}

/**
 * AGENTS.md and CLAUDE.md of the project root and of every directory down to `cwd`, root first
 * (a package's own file, nearer the work, comes later and so has the last word). Empty files and
 * a CLAUDE.md that repeats its AGENTS.md (often a symlink) are left out.
 */
export async function readContextFiles(
  root: string,
  cwd: string = root,
): Promise<{ name: string; text: string }[]> {
  const out: { name: string; text: string }[] = [];
  for (const dir of dirsDownTo(root, cwd)) {
    const seen = new Set<string>();
    for (const file of ["AGENTS.md", "CLAUDE.md"]) {
      let text: string;
      try {
        text = await Deno.readTextFile(join(dir, file));
      } catch {
        continue; // absent is normal
      }
      if (text.trim() === "" || seen.has(text)) continue;
      seen.add(text);
      const name = dir === root ? file : join(relative(root, dir), file);
      out.push({ name, text });
    }
  }
  return out;
}

/** `$ZOT_HOME/SYSTEM.md` if it exists. */
export async function readCustomBody(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return undefined;
  }
}
