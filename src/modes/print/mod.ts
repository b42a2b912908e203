/**
 * Print mode (`zot -p "prompt"`): runs one prompt and prints only the final
 * assistant text on stdout. Extension notes and warnings go to stderr.
 * Exit codes: 0 success, 1 model or runtime error, a reply cut off at the
 * output token limit, or a run aborted by SIGINT / SIGTERM (2 for usage is
 * thrown earlier as a UsageError).
 *
 * @module
 */

import { EXIT_BROKEN_PIPE, EXIT_FAILURE, EXIT_OK } from "../../errors.ts";
import {
  createHeadlessSetup,
  CUT_OFF,
  type HeadlessOptions,
  promptOnce,
} from "../common/headless.ts";
import { interruptedLine } from "../common/interrupt.ts";
import { stderrLine, watchedStdout } from "../common/output.ts";

export async function runPrint(options: HeadlessOptions): Promise<number> {
  let stdoutClosed = false;
  const stdout = options.stdout ?? watchedStdout(() => stdoutClosed = true);
  const stderr = options.stderr ?? stderrLine;
  const setup = await createHeadlessSetup("print", options, stderr);
  try {
    const result = await promptOnce(setup, options.prompt);
    if (result.text !== "") stdout(result.text);
    // The answer could not be delivered (`| head -c0`): quiet, as git in such a pipe.
    if (stdoutClosed) return EXIT_BROKEN_PIPE;
    if (result.stop === "aborted") {
      stderr(interruptedLine(result.interrupted));
      return EXIT_FAILURE;
    }
    if (result.error) {
      stderr(`zot: ${result.error}`);
      return EXIT_FAILURE;
    }
    if (result.stop === "length") {
      stderr(CUT_OFF);
      return EXIT_FAILURE;
    }
    return EXIT_OK;
  } finally {
    await setup.shutdown();
  }
}
