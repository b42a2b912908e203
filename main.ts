/**
 * zot: a terminal coding agent built around its extension system.
 * Tiny on purpose: parse argv, call src/cli, map errors to exit codes.
 *
 * @module
 */

import { runCli } from "./src/cli/mod.ts";
import { exitProcess } from "./src/exit.ts";

if (import.meta.main) {
  exitProcess(await runCli(Deno.args));
}
