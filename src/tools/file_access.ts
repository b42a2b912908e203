/**
 * The steps every file tool shares: check the path argument, resolve it
 * against the session cwd, apply the jail.
 *
 * @module
 */

import type { ToolContext, ToolResult } from "../model/types.ts";
import type { JsonObject } from "../protocol/frames.ts";
import { errorResult, requiredString } from "./args.ts";
import { checkJail, type JailPolicy } from "./jail.ts";
import { resolveToolPath } from "./paths.ts";
import { errorMessage } from "../errors.ts";

export interface FileToolOptions {
  jail?: JailPolicy;
  /** Home for `~` expansion; defaults to the user's. */
  home?: string;
}

/** The path as written and its absolute form. */
export interface ToolPath {
  shown: string;
  abs: string;
}

/** The checked target of a file tool, or the result refusing it. */
export async function targetPath(
  args: JsonObject,
  ctx: ToolContext,
  options: FileToolOptions,
): Promise<{ ok: true; path: ToolPath } | { ok: false; result: ToolResult }> {
  if (ctx.signal.aborted) {
    return { ok: false, result: errorResult("Cancelled before it started", "cancelled") };
  }
  const path = requiredString(args, "path");
  if (!path.ok) return { ok: false, result: errorResult(path.error) };
  if (path.value.trim() === "") {
    return { ok: false, result: errorResult(`Argument "path" is empty`) };
  }
  const abs = options.home === undefined
    ? resolveToolPath(ctx.cwd, path.value)
    : resolveToolPath(ctx.cwd, path.value, options.home);
  const refusal = await checkJail(options.jail, abs, path.value);
  if (refusal) return { ok: false, result: refusal };
  return { ok: true, path: { shown: path.value, abs } };
}

/** `File not found: "<path>"` and friends, for a failed stat or open. */
export function fileError(e: unknown, shown: string, verb: string): ToolResult {
  if (e instanceof Deno.errors.NotFound) return errorResult(`File not found: "${shown}"`);
  if (e instanceof Deno.errors.PermissionDenied) {
    return errorResult(`Cannot ${verb} "${shown}": permission denied`);
  }
  if (e instanceof Deno.errors.IsADirectory) return isDirectoryError(shown, verb);
  return errorResult(`Cannot ${verb} "${shown}": ${errorMessage(e)}`);
}

/** Refusal for FIFOs, sockets and devices: reading one could block forever or never end. */
export function notRegularError(shown: string, verb: string): ToolResult {
  return errorResult(`Cannot ${verb} "${shown}": it is not a regular file`);
}

export function isDirectoryError(shown: string, verb: string): ToolResult {
  return errorResult(`Cannot ${verb} "${shown}": it is a directory (use bash "ls" to list it)`);
}
