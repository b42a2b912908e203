/**
 * The default action: run the agent (TUI, print, JSON or RPC mode).
 *
 * @module
 */

import type { Command } from "commander";

export function addRunOptions(root: Command, _setExit: (code: number) => void): void {
  root.argument("[prompt...]", "prompt to start with").action(() => {
    console.error("zot: the agent is not wired yet");
  });
}
