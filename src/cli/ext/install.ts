/**
 * `zot ext install <path|git-url> [--yes]`: always into the global dir.
 *
 * @module
 */

import type { Command } from "commander";
import { installConsent } from "../../extensions/consent.ts";
import { installExtension, type InstallOptions } from "../../extensions/manage/install.ts";
import type { ExtCliContext } from "./context.ts";

/** Set by the sandbox consent step (scope review); none means no extra question. */
export let installConfirm: InstallOptions["confirm"] = undefined;

/** Plug the consent step in (called once at startup by its owner). */
export function setInstallConfirm(confirm: InstallOptions["confirm"]): void {
  installConfirm = confirm;
}

export function addInstallCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("install")
    .description("copy / clone an extension into $ZOT_HOME/extensions/")
    .argument("<source>", "a local directory or a git URL")
    .option("-y, --yes", "accept the extension's requested permissions without asking")
    .action(async (source: string, options: { yes?: boolean }) => {
      await installExtension(source, {
        paths: ctx.paths(),
        yes: options.yes ?? false,
        confirm: installConfirm ?? installConsent(ctx.paths()),
      });
    });
}
