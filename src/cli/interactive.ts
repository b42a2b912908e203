/**
 * Launches the interactive TUI (src/modes/interactive, built separately).
 * The specifier is computed so the CLI keeps working, with a clear message,
 * in a build where the TUI is not there yet.
 *
 * @module
 */

import { EXIT_FAILURE } from "../errors.ts";
import type { RunFlags } from "../modes/shared/flags.ts";

interface InteractiveModule {
  runInteractive(options: { flags: RunFlags; initialPrompt?: string }): Promise<number>;
}

const TUI_MODULE = "../modes/interactive/mod.ts";

export async function launchInteractive(flags: RunFlags, initialPrompt: string): Promise<number> {
  let mod: InteractiveModule;
  try {
    mod = await import(TUI_MODULE);
  } catch (e) {
    const missing = e instanceof TypeError && String(e.message).includes("Module not found");
    console.error(
      missing
        ? `zot: the interactive mode is not available in this build (use -p "prompt", --json or --rpc)`
        : `zot: cannot start the interactive mode: ${e instanceof Error ? e.message : e}`,
    );
    return EXIT_FAILURE;
  }
  return mod.runInteractive({ flags, initialPrompt: initialPrompt || undefined });
}
