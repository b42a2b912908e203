/**
 * Root command: `zot [prompt...]` plus the `ext` group.
 *
 * @module
 */

import { Command, CommanderError } from "commander";
import { ZOT_VERSION } from "../version.ts";
import { EXIT_OK, EXIT_USAGE } from "../errors.ts";
import { addExtCommands } from "./ext/mod.ts";
import { printHelp } from "./help.ts";
import { addLoginCommands } from "./login.ts";
import { addRunOptions } from "./run.ts";
import { addTrustCommands } from "./trust.ts";
import { addUpgradeCommand } from "./upgrade/command.ts";

/**
 * A usage error in zot's one error style, `zot: <message>`: commander writes
 * `error: <message>`, and errors raised with `command.error()` carry no prefix.
 */
export function usageErrorText(text: string): string {
  return `zot: ${text.replace(/^error: /, "")}`;
}

/** A parsed program that resolves to an exit code. */
export interface Program {
  run(args: string[]): Promise<number>;
}

export function buildProgram(): Program {
  let exitCode = EXIT_OK;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const root = new Command("zot")
    .description("A terminal coding agent whose heart is its extension system.")
    .version(ZOT_VERSION, "-V, --version", "print the version")
    .showHelpAfterError('(run "zot --help" for usage)')
    // The run options (--ext, --model, …) belong to a run: after a subcommand, an option is the
    // subcommand's (`zot ext doctor --ext ./dir`).
    .enablePositionalOptions()
    .exitOverride()
    // Subcommands copy this when created, so every usage error reads like zot's other errors.
    .configureOutput({ outputError: (text, write) => write(usageErrorText(text)) });
  addRunOptions(root, setExit);
  addExtCommands(root, setExit);
  addTrustCommands(root, setExit);
  addLoginCommands(root, setExit);
  addUpgradeCommand(root, setExit);
  root.command("help")
    .description("show this help, or the help of a command (zot help ext install)")
    .argument("[command...]", "command names")
    .action((words: string[]) => printHelp(root, words));
  // A usage error points at the help of the command that was typed, not zot's.
  for (const sub of root.commands) {
    sub.showHelpAfterError(`(run "zot ${sub.name()} --help" for usage)`);
  }
  return {
    async run(args) {
      try {
        await root.parseAsync(args, { from: "user" });
        return exitCode;
      } catch (e) {
        if (e instanceof CommanderError) {
          if (e.code === "commander.helpDisplayed" || e.code === "commander.version") {
            return EXIT_OK;
          }
          if (e.code === "commander.help") return EXIT_OK;
          return EXIT_USAGE;
        }
        throw e;
      }
    },
  };
}
