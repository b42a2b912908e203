/**
 * Reads what the system prompt is built from (SYSTEM.md, AGENTS.md /
 * CLAUDE.md, `--system-prompt @file`) once per run, and returns the
 * builder the agent calls at each preparation pass.
 *
 * @module
 */

import {
  buildSystemPrompt,
  findProjectRoot,
  readContextFiles,
  readCustomBody,
} from "../../agent/system_prompt.ts";
import type { ToolRegistry } from "../../agent/tool_registry.ts";
import type { ZotPaths } from "../../config/paths.ts";
import { errorMessage, UsageError } from "../../errors.ts";
import type { RunFlags } from "./flags.ts";

async function textOrFile(
  value: string | undefined,
  flag: string,
  cwd: string,
): Promise<string | undefined> {
  if (value === undefined || !value.startsWith("@")) return value;
  const path = value.slice(1);
  try {
    return await Deno.readTextFile(path.startsWith("/") ? path : `${cwd}/${path}`);
  } catch (e) {
    throw new UsageError(
      `Cannot read ${flag} file "${path}": ${errorMessage(e)}`,
    );
  }
}

export async function systemPromptBuilder(
  flags: RunFlags,
  paths: ZotPaths,
  registry: ToolRegistry,
  skills: () => { name: string; description: string }[],
): Promise<() => string> {
  const [override, append, customBody, contextFiles] = await Promise.all([
    textOrFile(flags.systemPrompt, "--system-prompt", paths.cwd),
    textOrFile(flags.appendSystemPrompt, "--append-system-prompt", paths.cwd),
    readCustomBody(paths.systemPrompt),
    findProjectRoot(paths.cwd).then((root) => readContextFiles(root, paths.cwd)),
  ]);
  return () =>
    buildSystemPrompt({
      cwd: paths.cwd,
      projectRoot: paths.cwd,
      tools: registry.visible(),
      skills: skills(),
      date: new Date(),
      customBody,
      override,
      append,
      contextFiles,
    });
}
