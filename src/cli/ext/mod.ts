/**
 * `zot ext …`: manage extensions. Subcommands are filled in by their modules.
 *
 * @module
 */

import type { Command } from "commander";

export function addExtCommands(root: Command, _setExit: (code: number) => void): void {
  root.command("ext").description("manage extensions (list, doctor, install, remove, enable, disable, logs)");
}
