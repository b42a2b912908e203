/**
 * `zot ext …`: manage extensions. Each subcommand lives in its own module
 * and registers itself here with one line.
 *
 * @module
 */

import type { Command } from "commander";
import { EXIT_USAGE } from "../../errors.ts";
import { printHelp } from "../help.ts";
import { type ExtCliContext, extContext } from "./context.ts";
import { addCheckCommand } from "./check.ts";
import { addDoctorCommand } from "./doctor.ts";
import { addGrantCommand } from "./grant.ts";
import { addMcpCommands } from "./add_mcp.ts";
import { addInstallCommand } from "./install.ts";
import { addListCommand } from "./list.ts";
import { addLogsCommand } from "./logs.ts";
import { addNewCommand } from "./new.ts";
import { addRemoveCommand } from "./remove.ts";
import { addReplayCommand } from "./replay.ts";
import { addSearchCommand } from "./search.ts";
import { addToggleCommands } from "./toggle.ts";
import { addUpdateCommand } from "./update.ts";
import { addUnconfinedCommand } from "./unconfined.ts";

/** One registration per subcommand module; add a line to add a subcommand. */
const SUBCOMMANDS: ((ext: Command, ctx: ExtCliContext) => void)[] = [
  addListCommand,
  addDoctorCommand,
  addCheckCommand,
  addReplayCommand,
  addLogsCommand,
  addToggleCommands,
  addRemoveCommand,
  addInstallCommand,
  addUpdateCommand,
  addSearchCommand,
  addGrantCommand,
  addNewCommand,
  addUnconfinedCommand,
  addMcpCommands,
];

const LOCATIONS = `
extensions live under:
  $ZOT_HOME/extensions/<name>/extension.json   (global)
  ./.zot/extensions/<name>/extension.json      (project-local)`;

/** ` (did you mean "list"?)` when `typed` is a small typo of a subcommand. */
function suggestion(typed: string, ext: Command): string {
  const names = ext.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  const near = names.find((n) => closeEnough(typed.toLowerCase(), n));
  return near ? ` (did you mean "${near}"?)` : "";
}

function closeEnough(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  // Levenshtein distance with adjacent transpositions, bounded at 2.
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  // Short names allow one edit only, or "ls" would suggest "rm".
  return d[a.length][b.length] <= (b.length <= 4 ? 1 : 2);
}

export function addExtCommands(root: Command, setExit: (code: number) => void): void {
  const ext = root.command("ext")
    .description(
      "manage extensions (new, install, add-mcp, import-mcp, update, search, list, doctor, check, replay, logs, enable, disable, grant, remove)",
    )
    .allowExcessArguments(true)
    .addHelpText("after", LOCATIONS);
  const ctx = extContext(setExit);
  ext.showHelpAfterError('(run "zot ext --help" for usage)');
  for (const add of SUBCOMMANDS) add(ext, ctx);
  // Usage errors point at the help of the subcommand that was typed. Only the
  // group itself takes stray words (to name an unknown subcommand); its
  // subcommands inherited that setting and silently dropped extra arguments.
  for (const sub of ext.commands) {
    sub.showHelpAfterError(`(run "zot ext ${sub.name()} --help" for usage)`);
    sub.allowExcessArguments(false);
  }
  // `zot ext` and `zot ext help [subcommand]` print the help the user asked
  // for on stdout (the reference prints it on stderr; see docs/conformance.md).
  ext.action((_options, cmd: Command) => {
    const [typed, ...rest] = cmd.args.map(String);
    if (typed === undefined) {
      ext.outputHelp();
      return;
    }
    if (typed === "help") {
      printHelp(ext, rest);
      return;
    }
    ext.error(`unknown ext subcommand: ${typed}${suggestion(typed, ext)}`, {
      exitCode: EXIT_USAGE,
      code: "zot.ext.unknown",
    });
  });
}
