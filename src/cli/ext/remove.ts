/**
 * `zot ext remove <name> [--yes]` (alias `rm`).
 *
 * @module
 */

import type { Command } from "commander";
import { ZotError } from "../../errors.ts";
import { safeText } from "../../safe_text.ts";
import type { ConsentIO } from "../../extensions/consent.ts";
import { type ExtCliContext, writeErr } from "./context.ts";

/**
 * Ask, with the prompt install and grant use, whether to delete `dir`.
 * Without a terminal nobody could answer: refuse, naming the flag.
 */
export async function confirmRemoval(dir: string, io: ConsentIO): Promise<boolean> {
  if (!io.interactive()) {
    throw new ZotError(
      "ext-remove",
      `Cannot remove ${dir}: stdin is not a terminal, so nobody could confirm (pass --yes)`,
    );
  }
  return await io.ask(safeText(`Remove ${dir} and everything in it?`));
}

export function addRemoveCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("remove")
    .alias("rm")
    .description("delete an extension directory (manifest or directory name)")
    .argument("<name>", "manifest name or install directory name")
    .option("-y, --yes", "do not ask for confirmation")
    .action(async (name: string, options: { yes?: boolean }) => {
      // Loaded when the command runs, not to build `zot --help`.
      const [
        { lookupOne },
        { removeInstall },
        { removeGrant },
        { sandboxDataDir },
        list,
        { terminalConsentIO },
      ] = await Promise.all([
        import("../../extensions/manage/lookup.ts"),
        import("../../extensions/manage/remove.ts"),
        import("../../sandbox/grants.ts"),
        import("../../sandbox/launch.ts"),
        import("../../extensions/manage/list.ts"),
        import("../../extensions/consent.ts"),
      ]);
      const found = await lookupOne(ctx.paths(), name);
      if (!found.ok) throw new ZotError("ext-lookup", found.message);
      const dir = found.install.dir;
      if (!options.yes && !(await confirmRemoval(dir, terminalConsentIO))) {
        writeErr("aborted: nothing removed");
        return;
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
