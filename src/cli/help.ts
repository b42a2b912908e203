/**
 * `zot help [command...]` and `zot ext help [subcommand]`: help the user
 * asked for goes to stdout with exit 0, the same text as `--help`.
 *
 * @module
 */

import type { Command } from "commander";
import { UsageError } from "../errors.ts";

/** `zot ext install` for the install command. */
function fullName(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** The command `words` name below `from` (subcommand names or aliases). */
export function helpTarget(from: Command, words: readonly string[]): Command {
  let target = from;
  for (const word of words) {
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const typed = [fullName(from), "help", ...words].join(" ");
      const prompt = target.parent
        ? ""
        : `; to send a prompt that starts with "help", quote it: zot "help ${words.join(" ")}"`;
      throw new UsageError(
        `unknown command "${word}" in "${typed}" (run "${
          fullName(target)
        } --help" to see the commands${prompt})`,
      );
    }
    target = next;
  }
  return target;
}

/** Print the help of the command `words` name below `from`, on stdout. */
export function printHelp(from: Command, words: readonly string[]): void {
  helpTarget(from, words).outputHelp();
}
