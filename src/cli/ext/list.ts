/**
 * `zot ext list [--json]` in the command tree (its help, and the argument
 * forms the fast path in src/cli/mod.ts leaves to commander).
 *
 * @module
 */

import type { Command } from "commander";
import { type ExtCliContext, jsonFlag } from "./context.ts";
import { runExtList } from "./list_run.ts";

export { NOTHING_INSTALLED } from "./list_run.ts";

export function addListCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("list")
    .description("list installed extensions and their state")
    .option("--json", "print one JSON object: {extensions, skipped}")
    .action(async (_options: unknown, cmd: Command) => {
      await runExtList(ctx.paths(), jsonFlag(cmd));
    });
}
