/**
 * Starts the real `zot` TUI in tmux against a temporary ZOT_HOME/project.
 *
 * @module
 */

import { TmuxSession } from "../../helpers/tmux.ts";
import { CONFIG, MAIN } from "../run_zot.ts";

export interface ZotTui {
  cwd: string;
  home: string;
  args: string[];
  env?: Record<string, string>;
  /** Flags for deno itself, before main.ts (`--preload` of a test's module). */
  denoFlags?: string[];
  /**
   * Run zot under a shell that stays after it (printing `zot exited with <status>`), so the pane
   * shows the terminal as zot left it; the pane's process is then that shell, not zot.
   */
  keepPane?: boolean;
  /** Terminal size (default 120×40). */
  width?: number;
  height?: number;
}

/**
 * Keeps the pane after zot: says zot's exit status, then waits for a line that never comes. tmux
 * changes the terminal's state as it marks a pane dead, so what zot left is read before that.
 */
const KEEP_PANE = '"$@"; echo "zot exited with $?"; read -r _';

export function startZotTui(z: ZotTui): Promise<TmuxSession> {
  const zot = [
    Deno.execPath(),
    "run",
    "-A",
    "--quiet",
    ...z.denoFlags ?? [],
    "--config",
    CONFIG,
    MAIN,
    ...z.args,
  ];
  return TmuxSession.start(z.keepPane ? ["sh", "-c", KEEP_PANE, "sh", ...zot] : zot, {
    cwd: z.cwd,
    env: { ZOT_HOME: z.home, ANTHROPIC_API_KEY: "test-key", ...z.env },
    width: z.width ?? 120,
    height: z.height ?? 40,
  });
}
