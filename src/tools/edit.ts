/**
 * The `edit` tool: exact text replacements in one file, applied in order,
 * all or nothing, written atomically.
 *
 * @module
 */

import type { Tool, ToolContext } from "../model/types.ts";
import type { JsonObject } from "../protocol/frames.ts";
import { errorResult, textResult } from "./args.ts";
import { writeFileAtomic } from "../config/atomic_file.ts";
import { applyEdits, formatHunks, type Replacement } from "./edit_apply.ts";
import {
  fileError,
  type FileToolOptions,
  isDirectoryError,
  notRegularError,
  targetPath,
} from "./file_access.ts";
import { looksBinary } from "./image.ts";
import { editSpec } from "./specs.ts";

export function createEditTool(options: FileToolOptions = {}): Tool {
  return {
    ...editSpec(),
    source: "builtin",
    execute: (args, ctx) => editFile(args, ctx, options),
  };
}

type Parsed = { ok: true; edits: Replacement[] } | { ok: false; error: string };

function parseEdits(args: JsonObject): Parsed {
  const raw = args.edits;
  if (raw === undefined) {
    return { ok: false, error: `Missing required argument "edits" (a list of {oldText, newText})` };
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    return { ok: false, error: `Argument "edits" must be a non-empty list of {oldText, newText}` };
  }
  const edits: Replacement[] = [];
  for (const [i, item] of raw.entries()) {
    const oldText = item?.oldText;
    const newText = item?.newText;
    if (typeof oldText !== "string" || typeof newText !== "string") {
      return {
        ok: false,
        error: `Argument "edits[${i}]" must have string fields "oldText" and "newText"`,
      };
    }
    edits.push({ oldText, newText });
  }
  return { ok: true, edits };
}

async function editFile(args: JsonObject, ctx: ToolContext, options: FileToolOptions) {
  const parsed = parseEdits(args);
  if (!parsed.ok) return errorResult(parsed.error);
  const target = await targetPath(args, ctx, options);
  if (!target.ok) return target.result;
  const { path } = target;
  let bytes: Uint8Array;
  try {
    const info = await Deno.stat(path.abs);
    if (info.isDirectory) return isDirectoryError(path.shown, "edit");
    if (!info.isFile) return notRegularError(path.shown, "edit");
    bytes = await Deno.readFile(path.abs);
  } catch (e) {
    return fileError(e, path.shown, "edit");
  }
  if (looksBinary(bytes.subarray(0, 8192))) {
    return errorResult(`Cannot edit "${path.shown}": it is a binary file`);
  }
  let text: string;
  try {
    // Keep a BOM (ignoreBOM leaves it in the text) and refuse non-UTF-8
    // rather than rewrite its bytes as U+FFFD.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return errorResult(`Cannot edit "${path.shown}": it is not valid UTF-8 text`);
  }
  const applied = applyEdits(text, parsed.edits, path.shown);
  if (!applied.ok) return errorResult(applied.error);
  try {
    await writeFileAtomic(path.abs, applied.content);
  } catch (e) {
    return fileError(e, path.shown, "edit");
  }
  const n = applied.hunks.length;
  return textResult(
    `Edited "${path.shown}" (${n} replacement${n === 1 ? "" : "s"})\n${formatHunks(applied.hunks)}`,
  );
}
