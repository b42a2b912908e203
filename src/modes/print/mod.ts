/**
 * Print mode (`zot -p "prompt"`): runs one prompt and prints only the final
 * assistant text on stdout. Extension notes and warnings go to stderr.
 * Exit codes: 0 success, 1 model or runtime error (2 for usage is thrown
 * earlier as a UsageError).
 *
 * @module
 */

import { stderrUi } from "../../extensions/ui.ts";
import { EXIT_FAILURE, EXIT_OK } from "../../errors.ts";
import { createSetup, type SetupOptions } from "../shared/setup.ts";
import type { RunFlags } from "../shared/flags.ts";
import { type LineWriter, stderrLine, stdoutLine } from "../shared/output.ts";
import { onInterrupt } from "../shared/sigint.ts";

export interface PrintOptions {
  flags: RunFlags;
  prompt: string;
  stdout?: LineWriter;
  stderr?: LineWriter;
  setup?: Partial<SetupOptions>;
}

export async function runPrint(options: PrintOptions): Promise<number> {
  const stdout = options.stdout ?? stdoutLine;
  const stderr = options.stderr ?? stderrLine;
  const setup = await createSetup({
    mode: "print",
    flags: options.flags,
    ui: stderrUi(stderr),
    warn: stderr,
    ...options.setup,
  });
  try {
    using _sigint = onInterrupt(() => setup.agent.abort("interrupted"));
    const result = await setup.agent.prompt(options.prompt);
    if (result.text !== "") stdout(result.text);
    if (result.stop === "aborted") {
      stderr("zot: interrupted");
      return EXIT_FAILURE;
    }
    if (result.error) {
      stderr(`zot: ${result.error}`);
      return EXIT_FAILURE;
    }
    return EXIT_OK;
  } finally {
    await setup.shutdown();
  }
}
