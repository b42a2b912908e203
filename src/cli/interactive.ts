/**
 * Launches the interactive TUI (src/modes/interactive, built separately)
 * with the shared setup already done: the TUI gets the agent, session and
 * extension host, attaches its own HostUi to `ui` and plugs its
 * confirmation dialog with `setConfirmer`. The specifier is computed so the
 * CLI still works, with a clear message, in a build without the TUI.
 *
 * @module
 */

import { errorMessage, EXIT_FAILURE } from "../errors.ts";
import type { RunFlags } from "../modes/common/flags.ts";
import type { InteractiveSetup } from "../modes/common/setup.ts";
import { onInterrupt, signalExitCode } from "../modes/common/interrupt.ts";
import { stderrLine } from "../modes/common/output.ts";

interface InteractiveModule {
  runInteractive(setup: InteractiveSetup, options: { stop: Promise<number> }): Promise<number>;
}

const TUI_MODULE = "../modes/interactive/mod.ts";

function unavailable(e: unknown): string {
  const missing = e instanceof TypeError && String(e.message).includes("Module not found");
  return missing
    ? `zot: the interactive mode is not available in this build (use -p "prompt", --json or --rpc)`
    : `zot: cannot start the interactive mode: ${errorMessage(e)}`;
}

export async function launchInteractive(flags: RunFlags, initialPrompt: string): Promise<number> {
  // The TUI's modules load while the set-up starts extensions: its first frame waits for the
  // slower of the two, not for both one after the other.
  const loading = import(TUI_MODULE).then(
    (mod: InteractiveModule) => ({ mod }),
    (error: unknown) => ({ error }),
  );
  const { createInteractiveSetup } = await import("../modes/common/setup.ts");
  // From before the extensions start: kill, or the terminal closing (SIGHUP), leaves like /exit
  // with the shell's status for the signal (extensions get their shutdown); a second signal exits
  // at once, extension groups killed first.
  const stop = Promise.withResolvers<number>();
  let signalled: number | undefined;
  using _signals = onInterrupt((signal) => stop.resolve(signalled = signalExitCode(signal)));
  const setup = await createInteractiveSetup(flags, initialPrompt || undefined);
  try {
    const loaded = await loading;
    if ("error" in loaded) {
      // Not console.error: library console output goes to a log file during a run.
      stderrLine(unavailable(loaded.error));
      return EXIT_FAILURE;
    }
    return signalled ?? await loaded.mod.runInteractive(setup, { stop: stop.promise });
  } finally {
    await setup.shutdown();
  }
}
