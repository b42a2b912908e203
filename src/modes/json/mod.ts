/**
 * JSON mode (`zot --json "prompt"`): every agent event as one JSON object
 * per line on stdout (the RPC event schema: images as their type and size), errors as
 * `{"type":"error","message":…}`, and nothing else on stdout.
 *
 * @module
 */

import { toClientEvent } from "../common/client_events.ts";
import { progressBudget } from "../common/progress_budget.ts";
import { EXIT_BROKEN_PIPE, EXIT_FAILURE, EXIT_OK } from "../../errors.ts";
import {
  createHeadlessSetup,
  CUT_OFF,
  type HeadlessOptions,
  promptOnce,
} from "../common/headless.ts";
import { jsonLines, stderrLine, watchedStdout } from "../common/output.ts";
import { errorEvent } from "../common/error_event.ts";
import { withToolUseEvents } from "./tool_use.ts";

export async function runJson(options: HeadlessOptions): Promise<number> {
  const stderr = options.stderr ?? stderrLine;
  // The reader went away (`| head`, a dead parent): stop the run; exit 141 like git in a pipe.
  let stdoutClosed = false;
  let abortRun = () => {};
  const stdout = options.stdout ?? watchedStdout(() => {
    stdoutClosed = true;
    abortRun();
  });
  const write = jsonLines(stdout);
  // A script reads stdout: a run that cannot start (no key, bad flag) says so there too. The
  // error is rethrown for the exit code (2 for usage) and the human-readable line on stderr.
  const setup = await createHeadlessSetup("json", options, stderr).catch((e) => {
    write(errorEvent(e));
    throw e;
  });
  abortRun = () => setup.agent.abort("stdout closed");
  const budget = progressBudget();
  const emit = withToolUseEvents(write);
  const unsubscribe = setup.agent.subscribe((event) => {
    const converted = toClientEvent(event);
    const wire = converted && budget(converted);
    if (wire) emit(wire);
  });
  try {
    const result = await promptOnce(setup, options.prompt);
    if (stdoutClosed) return EXIT_BROKEN_PIPE;
    // stdout already carries turn_end {stop: "length"}; the exit code and stderr say it too.
    if (result.stop === "length" && !result.error) stderr(CUT_OFF);
    const failed = result.error || result.stop === "aborted" || result.stop === "length";
    return failed ? EXIT_FAILURE : EXIT_OK;
  } catch (e) {
    write(errorEvent(e));
    return EXIT_FAILURE;
  } finally {
    unsubscribe();
    await setup.shutdown();
  }
}
