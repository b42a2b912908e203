/**
 * What `zot ext list [--json]` does, apart from the command tree: src/cli/mod.ts
 * runs it straight away for those exact arguments, so the listing loads no
 * `commander` (which brings Deno's Node compatibility layer with it and would
 * double the command's time).
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import type { ListRow } from "../../extensions/manage/list.ts";
import { basename } from "../../path.ts";
import { safeJson } from "../../safe_text.ts";
import { writeErr, writeOut } from "./context.ts";
import { existsSync } from "../../path_exists.ts";

export const NOTHING_INSTALLED = [
  "no extensions installed",
  "see docs/extensions.md to write your own, or `zot ext install <path|url>`",
];

/** The argument lists that mean a plain listing (anything else goes through commander). */
export function isPlainList(args: string[]): boolean {
  return args[0] === "ext" && args[1] === "list" &&
    (args.length === 2 || (args.length === 3 && args[2] === "--json"));
}

/**
 * True when neither extensions root exists, so the listing is empty: most machines have none, and
 * they are spared loading discovery, the trust checks and the scope parser to find that out.
 */
function nothingInstalled(paths: ZotPaths): boolean {
  // Two stats, done synchronously: the first asynchronous file operation starts Deno's pool of
  // blocking threads, which costs this short command more than the stats themselves.
  return !existsSync(paths.projectExtensions) && !existsSync(paths.extensions);
}

export async function runExtList(paths: ZotPaths, json: boolean): Promise<void> {
  if (nothingInstalled(paths)) return print([], [], json, () => "");
  const { listRows, renderListTable, unreadableInstalls } = await import(
    "../../extensions/manage/list.ts"
  );
  const rows = await listRows(paths);
  const unreadable = await unreadableInstalls(paths);
  print(rows, unreadable, json, renderListTable);
}

function print(
  rows: ListRow[],
  unreadable: { dir: string; problem: string }[],
  json: boolean,
  renderListTable: (rows: ListRow[]) => string,
): void {
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
