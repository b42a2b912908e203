/**
 * `zot ext remove <name> [--yes]` (alias `rm`).
 *
 * @module
 */

import type { Command } from "commander";
import { ZotError } from "../../errors.ts";
import { safeText } from "../../safe_text.ts";
import { type ExtCliContext, writeErr } from "./context.ts";

/** Read one line from a terminal stdin (the answer to a y/N prompt). */
async function readAnswer(): Promise<string> {
  const buf = new Uint8Array(256);
  let text = "";
  while (!text.includes("\n")) {
    const n = await Deno.stdin.read(buf);
    if (n === null) break;
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  return text.trim();
}

export function addRemoveCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("remove")
    .alias("rm")
    .description("delete an extension directory (manifest or directory name)")
    .argument("<name>", "manifest name or install directory name")
    .option("-y, --yes", "do not ask for confirmation")
    .action(async (name: string, options: { yes?: boolean }) => {
      // Loaded when the command runs, not to build `zot --help`.
      const [{ lookupOne }, { removeInstall }, { removeGrant }, { sandboxDataDir }, list] =
        await Promise.all([
          import("../../extensions/manage/lookup.ts"),
          import("../../extensions/manage/remove.ts"),
          import("../../sandbox/grants.ts"),
          import("../../sandbox/launch.ts"),
          import("../../extensions/manage/list.ts"),
        ]);
      const found = await lookupOne(ctx.paths(), name);
      if (!found.ok) throw new ZotError("ext-lookup", found.message);
      const dir = found.install.dir;
      if (!options.yes) {
        if (!Deno.stdin.isTerminal()) {
          throw new ZotError(
            "ext-remove",
            `Refusing to remove ${dir} without confirmation: stdin is not a terminal (pass --yes)`,
          );
        }
        await Deno.stderr.write(new TextEncoder().encode(safeText(`remove ${dir} ? [y/N] `)));
        const answer = await readAnswer();
        if (answer !== "y" && answer !== "Y") {
          writeErr("aborted");
          return;
        }
      }
      // The grant first (keyed by the real path, which needs the directory):
      // a failed removal then leaves an extension that asks again, never one
      // whose reinstall silently inherits an old consent.
      await removeGrant(ctx.paths().grants, dir);
      await removeInstall(dir);
      writeErr(`removed ${dir}`);
      if (found.install.kind === "global") {
        // Where it came from goes with it: a later install of the same name starts afresh.
        const { forgetInstallRecord } = await import("../../extensions/manage/record.ts");
        await forgetInstallRecord(ctx.paths(), dir);
      }
      // Kept on purpose (a reinstall keeps its state), but said: the next extension installed
      // under this name would find it.
      if (found.install.ok && list.isSandboxedExec(found.install.source.manifest.exec)) {
        const { manifest, kind } = found.install.source;
        const data = await sandboxDataDir(ctx.paths(), {
          name: manifest.name,
          project: kind === "project",
        });
        if (await Deno.stat(data).then(() => true, () => false)) {
          writeErr(`kept its data in ${data} (delete that directory to forget it)`);
        }
      }
    });
}
