/**
 * `zot ext list [--json]`.
 *
 * @module
 */

import type { Command } from "commander";
import { basename } from "../../path.ts";
import { safeJson } from "../../safe_text.ts";
import { type ExtCliContext, jsonFlag, writeErr, writeOut } from "./context.ts";

export const NOTHING_INSTALLED = [
  "no extensions installed",
  "see docs/extensions.md to write your own, or `zot ext install <path|url>`",
];

export function addListCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("list")
    .description("list installed extensions and their state")
    .option("--json", "print a JSON array")
    .action(async (_options: unknown, cmd: Command) => {
      // Loaded when the command runs, not to build `zot --help`.
      const { listRows, renderListTable, unreadableInstalls } = await import(
        "../../extensions/manage/list.ts"
      );
      const paths = ctx.paths();
      const rows = await listRows(paths);
      // Not rows (the reference table lists readable manifests only), but never silent.
      for (const bad of await unreadableInstalls(paths)) {
        writeErr(
          `skipped "${bad.dir}": ${bad.problem} (run "zot ext doctor ${basename(bad.dir)}")`,
        );
      }
      if (jsonFlag(cmd)) {
        writeOut(safeJson(rows, 2) + "\n");
        return;
      }
      if (rows.length === 0) {
        for (const line of NOTHING_INSTALLED) writeErr(line);
        return;
      }
      writeOut(renderListTable(rows));
    });
}
