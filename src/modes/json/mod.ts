/**
 * JSON mode (`zot --json "prompt"`): every agent event as one JSON object
 * per line on stdout (the RPC event schema), errors as
 * `{"type":"error","message":…}`, and nothing else on stdout.
 *
 * @module
 */

import { stderrUi } from "../../extensions/ui.ts";
import { EXIT_FAILURE, EXIT_OK } from "../../errors.ts";
import { createSetup, type SetupOptions } from "../shared/setup.ts";
import type { RunFlags } from "../shared/flags.ts";
import { jsonLines, type LineWriter, stderrLine, stdoutLine } from "../shared/output.ts";
import { onInterrupt } from "../shared/sigint.ts";

export interface JsonOptions {
  flags: RunFlags;
  prompt: string;
  stdout?: LineWriter;
  stderr?: LineWriter;
  setup?: Partial<SetupOptions>;
}

export async function runJson(options: JsonOptions): Promise<number> {
  const stderr = options.stderr ?? stderrLine;
  const write = jsonLines(options.stdout ?? stdoutLine);
  const setup = await createSetup({
    mode: "json",
    flags: options.flags,
    ui: stderrUi(stderr),
    warn: stderr,
    ...options.setup,
  });
  const unsubscribe = setup.agent.subscribe(write);
  try {
    using _sigint = onInterrupt(() => setup.agent.abort("interrupted"));
    const result = await setup.agent.prompt(options.prompt);
    return result.error || result.stop === "aborted" ? EXIT_FAILURE : EXIT_OK;
  } catch (e) {
    write({ type: "error", message: e instanceof Error ? e.message : String(e) });
    return EXIT_FAILURE;
  } finally {
    unsubscribe();
    await setup.shutdown();
  }
}
