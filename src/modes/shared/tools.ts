/**
 * The built-in tools of a run, restricted by `--tools` / `--no-tools`.
 *
 * @module
 */

import type { Tool } from "../../agent/types.ts";
import { createReadTool } from "../../tools/read.ts";
import { createWriteTool } from "../../tools/write.ts";
import { createEditTool } from "../../tools/edit.ts";
import { createBashTool } from "../../tools/bash.ts";
import { UsageError } from "../../errors.ts";
import type { RunFlags } from "./flags.ts";

export function builtinTools(): Tool[] {
  return [createReadTool(), createWriteTool(), createEditTool(), createBashTool()];
}

/** Allowed tool names, or undefined for all; checks `--tools` names once extensions are known. */
export function toolAllowList(flags: RunFlags): string[] | undefined {
  if (flags.noTools) return [];
  if (!flags.tools) return undefined;
  const names = flags.tools.map((t) => t.trim()).filter((t) => t !== "");
  if (names.length === 0) {
    throw new UsageError(`"--tools" needs at least one name (or use --no-tools)`);
  }
  return names;
}
