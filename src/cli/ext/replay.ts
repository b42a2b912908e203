/**
 * `zot ext replay <file> [--ext <dir>] [--name <ext>] [--json]`: play a
 * recorded run's host side back to one extension (src/extensions/record/)
 * and report where its answers differ. Exit 1 when any step differs or
 * failed.
 *
 * @module
 */

import type { Command } from "commander";
import { resolve } from "../../path.ts";
import { errorMessage, UsageError, ZotError } from "../../errors.ts";
import { safeJson } from "../../safe_text.ts";
import type { ExtensionSource } from "../../extensions/types.ts";
import type { ZotPaths } from "../../config/paths.ts";
import { type ExtCliContext, jsonFlag, writeOut } from "./context.ts";

interface ReplayFlags {
  ext?: string;
  name?: string;
}

/** The one extension of the record to replay: `--name`, or the only one there is. */
function pickName(names: readonly string[], wanted: string | undefined, file: string): string {
  if (wanted !== undefined) {
    if (!names.includes(wanted)) {
      throw new UsageError(
        `"${file}" holds no frames of "${wanted}" (it has: ${names.join(", ") || "none"})`,
      );
    }
    return wanted;
  }
  if (names.length === 1) return names[0];
  throw new UsageError(
    names.length === 0
      ? `"${file}" holds no frames`
      : `"${file}" holds several extensions (${names.join(", ")}): choose one with --name`,
  );
}

/** `--ext <dir>` as a working copy, else the global install of that name. */
async function sourceFor(paths: ZotPaths, name: string, ext?: string): Promise<ExtensionSource> {
  if (ext !== undefined) {
    const { readManifest } = await import("../../extensions/manifest.ts");
    const dir = resolve(paths.cwd, ext);
    const read = await readManifest(dir);
    if (read.status !== "ok") {
      throw new UsageError(
        `Cannot replay to "${ext}": ${
          read.status === "missing" ? "no extension.json there" : read.problem
        }`,
      );
    }
    const { manifest, manifestPath, themePath } = read.info;
    return { manifest, dir, manifestPath, kind: "explicit", themePath };
  }
  const { findInstalls } = await import("../../extensions/manage/lookup.ts");
  // Only a global install: a project's extensions run only where the user trusted them.
  const found = (await findInstalls(paths, name)).filter((i) => i.kind === "global");
  const install = found.find((i) => i.ok);
  if (!install || !install.ok) {
    throw new ZotError(
      "ext-lookup",
      `no installed extension "${name}" to replay to (give its directory with --ext <dir>)`,
    );
  }
  return install.source;
}

export function addReplayCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("replay")
    .description("play a --record-ext file back to an extension and show where its answers differ")
    .argument("<file>", "a record written by zot --record-ext <file>")
    .option("-e, --ext <dir>", "replay to this extension directory (default: the installed one)")
    .option("--name <extension>", "which extension of the record (when it holds several)")
    .option("--json", "print a JSON report")
    .action(async (file: string, flags: ReplayFlags, cmd: Command) => {
      const paths = ctx.paths();
      const [{ parseRecord }, { replay }, { spawnExtension }, render] = await Promise.all([
        import("../../extensions/record/format.ts"),
        import("../../extensions/record/replay.ts"),
        import("../../extensions/process/mod.ts"),
        import("../../extensions/record/render.ts"),
      ]);
      let text: string;
      try {
        text = await Deno.readTextFile(resolve(paths.cwd, file));
      } catch (e) {
        throw new UsageError(`Cannot read "${file}": ${errorMessage(e)}`);
      }
      const parsed = parseRecord(text);
      if (!parsed.ok) throw new UsageError(`"${file}" is not a record: ${parsed.error}`);
      const names = [...new Set(parsed.frames.map((f) => f.extension))];
      const name = pickName(names, flags.name, file);
      const source = await sourceFor(paths, name, flags.ext);
      const report = await replay(parsed.frames, name, source, { paths, spawn: spawnExtension });
      writeOut(
        jsonFlag(cmd) ? safeJson(render.replayJson(report), 2) + "\n" : render.renderReplay(report),
      );
      if (report.steps.some((s) => s.status !== "same")) ctx.setExit(1);
    });
}
