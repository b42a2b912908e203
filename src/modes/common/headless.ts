/**
 * What print and JSON modes share: their options, a set-up that sends
 * extension notes and warnings to stderr, and one prompt that the first
 * SIGINT, SIGTERM or SIGHUP aborts.
 *
 * @module
 */

import type { RunResult } from "../../agent/loop.ts";
import { stderrUi } from "../../extensions/ui.ts";
import { lineSink } from "./diagnostics.ts";
import type { RunFlags } from "./flags.ts";
import type { LineWriter } from "./output.ts";
import { createSetup, type RunSetup, type SetupOptions } from "./setup.ts";
import { type InterruptSignal, onInterrupt } from "./interrupt.ts";

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
    warn: lineSink(stderr),
    ...options.setup,
  });
}

/**
 * Said on stderr when the last reply stopped at the output token limit: the answer (or a tool
 * call the agent then could not run) is incomplete, so the run fails even if text came.
 */
export const CUT_OFF =
  "zot: the reply was cut off at the model's output token limit, so it is incomplete (ask for less per reply, e.g. a large file in parts)";

/** The run's result, and the signal that aborted it, if one did. */
export interface HeadlessResult extends RunResult {
  interrupted?: InterruptSignal;
}

/** Run the one prompt of a headless run; the first SIGINT, SIGTERM or SIGHUP aborts it. */
export async function promptOnce(setup: RunSetup, prompt: string): Promise<HeadlessResult> {
  let interrupted: InterruptSignal | undefined;
  using _interrupt = onInterrupt((signal) => {
    interrupted = signal;
    setup.agent.abort(signal === "SIGINT" ? "interrupted" : "terminated");
  });
  const result = await setup.agent.prompt(prompt);
  return interrupted ? { ...result, interrupted } : result;
}
