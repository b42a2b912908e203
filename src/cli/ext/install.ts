/**
 * `zot ext install <path|git-url> [--yes]`: always into the global dir.
 * Scope consent (src/extensions/consent.ts) runs on the staged copy,
 * before it is renamed into place; `--yes` is passed through to it.
 *
 * @module
 */

import type { Command } from "commander";
import { installConsent } from "../../extensions/consent.ts";
import { installExtension } from "../../extensions/manage/install.ts";
import type { ExtCliContext } from "./context.ts";

export function addInstallCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("install")
    .description("copy / clone an extension into $ZOT_HOME/extensions/")
    .argument("<source>", "a local directory or a git URL")
    .option("-y, --yes", "accept the extension's requested permissions without asking")
    .action(async (source: string, options: { yes?: boolean }) => {
      const paths = ctx.paths();
      await installExtension(source, {
        paths,
        yes: options.yes ?? false,
        confirm: installConsent(paths),
      });
    });
}
