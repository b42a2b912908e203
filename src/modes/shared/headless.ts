/**
 * What print and JSON modes share: their options, a set-up that sends
 * extension notes and warnings to stderr, and one prompt that the first
 * SIGINT aborts.
 *
 * @module
 */

import type { RunResult } from "../../agent/loop.ts";
import { stderrUi } from "../../extensions/ui.ts";
import type { RunFlags } from "./flags.ts";
import type { LineWriter } from "./output.ts";
import { createSetup, type RunSetup, type SetupOptions } from "./setup.ts";
import { onInterrupt } from "./sigint.ts";

export interface HeadlessOptions {
  flags: RunFlags;
  prompt: string;
  stdout?: LineWriter;
  stderr?: LineWriter;
  setup?: Partial<SetupOptions>;
}

export function createHeadlessSetup(
  mode: "print" | "json",
  options: HeadlessOptions,
  stderr: LineWriter,
): Promise<RunSetup> {
  return createSetup({
    mode,
    flags: options.flags,
    ui: stderrUi(stderr),
    warn: stderr,
    ...options.setup,
  });
}

/** Run the one prompt of a headless run; the first SIGINT aborts it. */
export async function promptOnce(setup: RunSetup, prompt: string): Promise<RunResult> {
  using _sigint = onInterrupt(() => setup.agent.abort("interrupted"));
  return await setup.agent.prompt(prompt);
}
