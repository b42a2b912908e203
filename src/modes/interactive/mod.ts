/**
 * The interactive mode (`zot` in a terminal): a pi-tui screen over the
 * shared setup. src/cli/interactive.ts calls {@linkcode runInteractive}
 * and shuts the setup down afterwards.
 *
 * @module
 */

import process from "node:process";
import type { Terminal } from "@mariozechner/pi-tui";
import { ProcessTerminal } from "../../tui/pi.ts";
import type { InteractiveSetup } from "../common/setup.ts";
import { App, type AppOptions } from "./app.ts";

export interface InteractiveOptions extends AppOptions {
  /** Defaults to the process's terminal. */
  terminal?: Terminal;
}

export function runInteractive(
  setup: InteractiveSetup,
  options: InteractiveOptions = {},
): Promise<number> {
  if (!options.terminal) {
    // The terminal can go away (closed window: SIGHUP). A write to it then fails, and an
    // unhandled stream error would end zot before its extensions are shut down.
    process.stdout.on("error", () => {});
    process.stdin.on("error", () => {});
  }
  const terminal = options.terminal ?? new ProcessTerminal();
  const color = options.color ?? !Deno.env.get("NO_COLOR");
  return new App(setup, terminal, { color, stop: options.stop }).run();
}
