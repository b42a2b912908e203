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
  /** Terminal size (default 120×40). */
  width?: number;
  height?: number;
}

export function startZotTui(z: ZotTui): Promise<TmuxSession> {
  return TmuxSession.start(
    [
      Deno.execPath(),
      "run",
      "-A",
      "--quiet",
      ...z.denoFlags ?? [],
      "--config",
      CONFIG,
      MAIN,
      ...z.args,
    ],
    {
      cwd: z.cwd,
      env: { ZOT_HOME: z.home, ANTHROPIC_API_KEY: "test-key", ...z.env },
      width: z.width ?? 120,
      height: z.height ?? 40,
    },
  );
}
