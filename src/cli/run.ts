/**
 * The default action in the commander program: the run flags from the
 * shared table, for `--help`, subcommand mixing and usage errors. Plain runs
 * usually never get here: src/cli/run_args.ts parses them without commander.
 *
 * @module
 */

import { type Command, Option } from "commander";
import { emptyRunRequest, RUN_FLAGS } from "./run_flags.ts";
import { runRequest } from "./run_dispatch.ts";

export function addRunOptions(root: Command, setExit: (code: number) => void): void {
  const request = emptyRunRequest();
  root.argument("[prompt...]", "prompt to run (print mode when stdout is not a terminal)");
  for (const spec of RUN_FLAGS) {
    const option = new Option(spec.flags, spec.help);
    if (spec.hidden) option.hideHelp();
    root.addOption(option);
    // Applied from option events, not opts(): `--ext`/`--no-ext` share one
    // commander attribute and the negation would overwrite collected values.
    root.on(`option:${spec.long}`, (value?: string) => spec.apply(request, value ?? ""));
  }
  root.action(async (words: string[]) => {
    request.words = words;
    setExit(await runRequest(request));
  });
  root.command("rpc")
    .description("RPC mode (same as --rpc)")
    .action(async () => setExit(await runRequest(request, "rpc")));
}
