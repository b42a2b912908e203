/**
 * The `write` tool: creates or replaces a whole file, creating parent
 * directories, atomically (see config/atomic_file.ts).
 *
 * @module
 */

import type { Tool, ToolContext } from "../model/types.ts";
import type { JsonObject } from "../protocol/frames.ts";
import { errorResult, requiredString, textResult } from "./args.ts";
import { writeFileAtomic } from "../config/atomic_file.ts";
import { fileError, type FileToolOptions, isDirectoryError, targetPath } from "./file_access.ts";
import { writeSpec } from "./specs.ts";

export function createWriteTool(options: FileToolOptions = {}): Tool {
  return {
    ...writeSpec(),
    source: "builtin",
    execute: (args, ctx) => writeFile(args, ctx, options),
  };
}

async function writeFile(args: JsonObject, ctx: ToolContext, options: FileToolOptions) {
  const content = requiredString(args, "content");
  if (!content.ok) return errorResult(content.error);
  const target = await targetPath(args, ctx, options);
  if (!target.ok) return target.result;
  const { path } = target;
  let existed = false;
  try {
    const info = await Deno.stat(path.abs);
    if (info.isDirectory) return isDirectoryError(path.shown, "write");
    existed = true;
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) return fileError(e, path.shown, "write");
  }
  const bytes = new TextEncoder().encode(content.value);
  try {
    await writeFileAtomic(path.abs, bytes);
  } catch (e) {
    if (e instanceof Deno.errors.NotADirectory) {
      return errorResult(`Cannot write "${path.shown}": a parent of it is a file, not a directory`);
    }
    return fileError(e, path.shown, "write");
  }
  const verb = existed ? "Overwrote" : "Created";
  return textResult(`${verb} "${path.shown}" (${bytes.length} bytes written)`);
}
