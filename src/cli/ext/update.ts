/**
 * `zot ext update [name…|--all] [--check] [--yes]`: fetch installed
 * extensions again from where they came from (src/extensions/manage/
 * update.ts), report what changes, and swap them in. One failing extension
 * does not stop the others; the exit status says that one failed.
 *
 * @module
 */

import type { Command } from "commander";
import { errorMessage, UsageError } from "../../errors.ts";
import { type ExtCliContext, writeErr, writeOut } from "./context.ts";
import { interruptible } from "./install.ts";

export function addUpdateCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("update")
    .description("fetch installed extensions again from their source and update them")
    .argument("[names...]", "extensions to update (manifest or directory names)")
    .option("-a, --all", "update every extension installed with a recorded source")
    .option("--check", "only report what would change")
    .option("-y, --yes", "agree to new permissions without asking")
    .action(async (names: string[], options: { all?: boolean; check?: boolean; yes?: boolean }) => {
      if (options.all && names.length) throw new UsageError("pass names or --all, not both");
      if (!options.all && !names.length) {
        throw new UsageError('name the extensions to update, or pass --all (see "zot ext list")');
      }
      const [{ updateExtension, updatableNames }, { terminalConsentIO }, { describeOrigin }] =
        await Promise.all([
          import("../../extensions/manage/update.ts"),
          import("../../extensions/consent.ts"),
          import("../../extensions/manage/record.ts"),
        ]);
      const paths = ctx.paths();
      let targets = names;
      if (options.all) {
        const { recorded, unrecorded } = await updatableNames(paths);
        targets = recorded;
        for (const name of unrecorded) {
          writeErr(
            `skipped ${name}: zot has no record of where it came from ` +
              `(run "zot ext remove ${name}" and install it again to make it updatable)`,
          );
        }
        if (!targets.length) writeErr("no extension has a recorded source to update from");
      }
      using interrupt = interruptible((what) =>
        `update interrupted by ${what}; rolled back, the installed version is unchanged`
      );
      for (const name of targets) {
        try {
          const out = await updateExtension(name, {
            paths,
            check: options.check,
            yes: options.yes,
            io: terminalConsentIO,
            signal: interrupt.signal,
            log: writeErr,
          });
          if (out.status === "up-to-date") {
            writeOut(`${name}: up to date (${describeOrigin(out.to)})\n`);
          } else if (out.status === "available") {
            writeOut(`${name}: update available\n${out.changes.map((c) => `  ${c}\n`).join("")}`);
          } else {
            writeOut(`${name}: updated to ${describeOrigin(out.to)}\n`);
          }
        } catch (e) {
          if (interrupt.signal.aborted) throw e;
          writeErr(errorMessage(e));
          ctx.setExit(1);
        }
      }
    });
}
