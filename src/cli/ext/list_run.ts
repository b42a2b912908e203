/**
 * What `zot ext list [--json]` does, apart from the command tree: src/cli/mod.ts
 * runs it straight away for those exact arguments, so the listing loads no
 * `commander` (which brings Deno's Node compatibility layer with it and would
 * double the command's time).
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import { basename } from "../../path.ts";
import { safeJson } from "../../safe_text.ts";
import { writeErr, writeOut } from "./context.ts";

export const NOTHING_INSTALLED = [
  "no extensions installed",
  "see docs/extensions.md to write your own, or `zot ext install <path|url>`",
];

/** The argument lists that mean a plain listing (anything else goes through commander). */
export function isPlainList(args: string[]): boolean {
  return args[0] === "ext" && args[1] === "list" &&
    (args.length === 2 || (args.length === 3 && args[2] === "--json"));
}

export async function runExtList(paths: ZotPaths, json: boolean): Promise<void> {
  const { listRows, renderListTable, unreadableInstalls } = await import(
    "../../extensions/manage/list.ts"
  );
  const rows = await listRows(paths);
  const unreadable = await unreadableInstalls(paths);
  // Not rows (the reference table lists readable manifests only), but never silent.
  for (const bad of unreadable) {
    writeErr(`skipped "${bad.dir}": ${bad.problem} (run "zot ext doctor ${basename(bad.dir)}")`);
  }
  if (json) {
    // One object, so a script reads the skipped ones too (their keys are single words already).
    const skipped = unreadable.map((b) => ({ dir: b.dir, problem: b.problem }));
    writeOut(safeJson({ extensions: rows, skipped }, 2) + "\n");
    return;
  }
  if (rows.length === 0) {
    for (const line of NOTHING_INSTALLED) writeErr(line);
    return;
  }
  writeOut(renderListTable(rows));
}
