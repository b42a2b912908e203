/**
 * `zot ext check <dir> [--json]`: start an extension as zot would and play a
 * scripted session against it (see src/extensions/check/). Exit 1 when any
 * check failed; a directory that is not an extension is a usage error.
 *
 * @module
 */

import type { Command } from "commander";
import { resolve } from "../../path.ts";
import { UsageError, ZotError } from "../../errors.ts";
import { safeJson } from "../../safe_text.ts";
import { type ExtCliContext, jsonFlag, writeOut } from "./context.ts";

interface CheckFlags {
  replyTimeout?: string;
}

function replyMs(flags: CheckFlags): number | undefined {
  if (flags.replyTimeout === undefined) return undefined;
  const ms = Number(flags.replyTimeout);
  if (!Number.isInteger(ms) || ms < 100 || ms > 600_000) {
    throw new UsageError(
      `--reply-timeout must be a whole number of milliseconds from 100 to 600000 (got "${flags.replyTimeout}")`,
    );
  }
  return ms;
}

export function addCheckCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("check")
    .description("run a scripted protocol session against an extension and report each step")
    .argument("<dir>", "the extension directory (holding extension.json)")
    .option("--json", "print a JSON report")
    .option("--reply-timeout <ms>", "how long a command or tool may take to answer", "10000")
    .action(async (dir: string, flags: CheckFlags, cmd: Command) => {
      const timeout = replyMs(flags);
      const paths = ctx.paths();
      const abs = resolve(paths.cwd, dir);
      const [{ readManifest }, { checkExtension }, { spawnExtension }, render] = await Promise.all([
        import("../../extensions/manifest.ts"),
        import("../../extensions/check/session.ts"),
        import("../../extensions/process/mod.ts"),
        import("../../extensions/check/render.ts"),
      ]);
      const read = await readManifest(abs);
      if (read.status === "missing") {
        throw new UsageError(
          `Cannot check "${dir}": no extension.json there (give the directory that holds it)`,
        );
      }
      if (read.status === "invalid") {
        throw new ZotError("ext-check", `Cannot check "${dir}": ${read.problem}`);
      }
      const { manifest, manifestPath, themePath } = read.info;
      if (!manifest.exec) {
        writeOut(`${manifest.name}: nothing to start (no "exec": a theme or skill bundle)\n`);
        return;
      }
      const report = await checkExtension(
        { manifest, dir: abs, manifestPath, kind: "explicit", themePath },
        { paths, spawn: spawnExtension, replyMs: timeout },
      );
      writeOut(
        jsonFlag(cmd) ? safeJson(render.checkJson(report), 2) + "\n" : render.renderCheck(report),
      );
      if (report.findings.some((f) => f.status === "fail")) ctx.setExit(1);
    });
}
