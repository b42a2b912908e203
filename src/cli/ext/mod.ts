/**
 * `zot ext …`: manage extensions. Each subcommand lives in its own module
 * and registers itself here with one line.
 *
 * @module
 */

import type { Command } from "commander";
import { EXIT_USAGE } from "../../errors.ts";
import { type ExtCliContext, extContext } from "./context.ts";
import { addDoctorCommand } from "./doctor.ts";
import { addGrantCommand } from "./grant.ts";
import { addInstallCommand } from "./install.ts";
import { addListCommand } from "./list.ts";
import { addLogsCommand } from "./logs.ts";
import { addNewCommand } from "./new.ts";
import { addRemoveCommand } from "./remove.ts";
import { addToggleCommands } from "./toggle.ts";

/** One registration per subcommand module; add a line to add a subcommand. */
const SUBCOMMANDS: ((ext: Command, ctx: ExtCliContext) => void)[] = [
  addListCommand,
  addDoctorCommand,
  addLogsCommand,
  addToggleCommands,
  addRemoveCommand,
  addInstallCommand,
  addGrantCommand,
  addNewCommand,
];

const LOCATIONS = `
extensions live under:
  $ZOT_HOME/extensions/<name>/extension.json   (global)
  ./.zot/extensions/<name>/extension.json      (project-local)`;

export function addExtCommands(root: Command, setExit: (code: number) => void): void {
  const ext = root.command("ext")
    .description("manage extensions (list, doctor, install, remove, enable, disable, logs)")
    .allowExcessArguments(true)
    .addHelpText("after", LOCATIONS);
  const ctx = extContext(setExit);
  for (const add of SUBCOMMANDS) add(ext, ctx);
  ext.action((_options, cmd: Command) => {
    if (cmd.args.length > 0) {
      ext.error(`unknown ext subcommand: ${cmd.args[0]}`, {
        exitCode: EXIT_USAGE,
        code: "zot.ext.unknown",
      });
    }
    ext.outputHelp({ error: true });
  });
}
