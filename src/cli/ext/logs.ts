/**
 * `zot ext logs <name> [-f|--follow]`: the log is named after the manifest.
 *
 * @module
 */

import type { Command } from "commander";
import { extensionLogPath } from "../../config/paths.ts";
import { UsageError, ZotError } from "../../errors.ts";
import { nameProblem } from "../../extensions/manifest_fields.ts";
import type { ExtCliContext } from "./context.ts";

export function addLogsCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("logs")
    .description("print an extension's stderr log (-f keeps following it)")
    .argument("<name>", "manifest name")
    .option("-f, --follow", "keep printing appended lines until Ctrl-C, like tail -F")
    .action(async (name: string, options: { follow?: boolean }) => {
      if (nameProblem(name)) throw new UsageError(`invalid extension name "${name}"`);
      const path = extensionLogPath(ctx.paths(), name);
      if (!options.follow) {
        try {
          if (!(await Deno.stat(path)).isFile) throw new Error("not a file");
        } catch {
          throw new ZotError(
            "ext-logs",
            `no log for "${name}" at ${path} (it has not run yet, or the manifest name differs: run "zot ext list")`,
          );
        }
        const { catFile } = await import("../../extensions/manage/logs.ts");
        await catFile(path, Deno.stdout.writable);
        return;
      }
      // Like `tail -F`: a log that is missing is waited for, one replaced is reopened.
      const { followFile } = await import("../../extensions/manage/follow.ts");
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      Deno.addSignalListener("SIGINT", onSignal);
      try {
        await followFile(path, Deno.stdout.writable, { signal: stop.signal });
      } finally {
        Deno.removeSignalListener("SIGINT", onSignal);
      }
    });
}
