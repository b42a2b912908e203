/**
 * `zot ext list [--json]`.
 *
 * @module
 */

import type { Command } from "commander";
import { listRows, renderListTable } from "../../extensions/manage/list.ts";
import { type ExtCliContext, jsonFlag, writeOut } from "./context.ts";

export const NOTHING_INSTALLED = [
  "no extensions installed",
  "see docs/extensions.md to write your own, or `zot ext install <path|url>`",
];

export function addListCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("list")
    .description("list installed extensions and their state")
    .option("--json", "print a JSON array")
    .action(async (_options: unknown, cmd: Command) => {
      const rows = await listRows(ctx.paths());
      if (jsonFlag(cmd)) {
        writeOut(JSON.stringify(rows, null, 2) + "\n");
        return;
      }
      if (rows.length === 0) {
        for (const line of NOTHING_INSTALLED) console.error(line);
        return;
      }
      writeOut(renderListTable(rows));
    });
}
