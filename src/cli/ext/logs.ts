/**
 * `zot ext logs <name> [-f|--follow] [--raw]`: the log is named after the manifest.
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
    .option("--raw", "the exact bytes, escape sequences included (made safe to show otherwise)")
    .action(async (name: string, options: { follow?: boolean; raw?: boolean }) => {
      if (nameProblem(name)) throw new UsageError(`invalid extension name "${name}"`);
      const path = extensionLogPath(ctx.paths(), name);
      // The log is the extension's stderr: untrusted bytes, kept off the terminal unless asked.
      const { safeTextSink } = await import("../../extensions/manage/safe_sink.ts");
      const out = options.raw ? Deno.stdout.writable : safeTextSink(Deno.stdout.writable);
      try {
        await printLog(path, name, out, options.follow === true);
      } catch (e) {
        // The original error (a closed stdout is BrokenPipe, exit 141), not the stream's.
        if (!options.raw) await out.abort().catch(() => {});
        throw e;
      }
      // Flushes a tail held back for the next chunk.
      if (!options.raw) await out.close();
    });
}

async function printLog(
  path: string,
  name: string,
  out: WritableStream<Uint8Array>,
  follow: boolean,
): Promise<void> {
  if (!follow) {
    try {
      if (!(await Deno.stat(path)).isFile) throw new Error("not a file");
    } catch {
      throw new ZotError(
        "ext-logs",
        `no log for "${name}" at ${path} (it has not run yet, or the manifest name differs: run "zot ext list")`,
      );
    }
    const { catLog } = await import("../../extensions/manage/logs.ts");
    await catLog(path, out);
    return;
  }
  // Like `tail -F`: a log that is missing is waited for, one replaced is reopened.
  const { followFile } = await import("../../extensions/manage/follow.ts");
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  Deno.addSignalListener("SIGINT", onSignal);
  try {
    await followFile(path, out, { signal: stop.signal });
  } finally {
    Deno.removeSignalListener("SIGINT", onSignal);
  }
}
