/**
 * The command tree. Each branch lives in its own module and is loaded only
 * when used, so `zot ext list` never pays for an LLM SDK or the TUI.
 *
 * @module
 */

import {
  EXIT_BROKEN_PIPE,
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  internalErrorLine,
  ZotError,
} from "../errors.ts";
import { ZOT_VERSION } from "../version.ts";
import { safeText } from "../safe_text.ts";

/** Hidden argv[0] that turns this process into the sandbox runner. */
export const RUNNER_ARG = "__zot_sandbox_runner";

/** Hidden argv[0] that turns this process into the adapter of an MCP extension. */
const MCP_ADAPTER_ARG = "__zot_mcp_adapter";

/** The version flags of the commander program (src/cli/program.ts). */
const VERSION_FLAGS = new Set(["-V", "--version"]);

/** Run zot with `args`; resolves to the process exit code. */
export async function runCli(args: string[]): Promise<number> {
  try {
    if (args[0] === RUNNER_ARG) {
      const { runSandboxRunner } = await import("../sandbox/runner_main.ts");
      return await runSandboxRunner(args.slice(1));
    }
    if (args[0] === MCP_ADAPTER_ARG) {
      const { runAdapterMain } = await import("../mcp/adapter_main.ts");
      return await runAdapterMain();
    }
    // `zot --version` alone needs no command tree: loading commander costs more than the rest.
    if (args.length === 1 && VERSION_FLAGS.has(args[0])) {
      console.log(ZOT_VERSION); // commander's output: the version and a newline on stdout
      return EXIT_OK;
    }
    // `zot ext list` is run by hand and by scripts: it skips commander and its Node layer too.
    if (args[0] === "ext") {
      const { isPlainList, runExtList } = await import("./ext/list_run.ts");
      if (isPlainList(args)) {
        const { zotPaths } = await import("../config/paths.ts");
        await runExtList(zotPaths(Deno.cwd()), args.length === 3);
        return EXIT_OK;
      }
    }
    // Plain runs skip commander (see run_args.ts): start-up time matters.
    const { parseRunArgs } = await import("./run_args.ts");
    const request = parseRunArgs(args);
    if (request) {
      const { runRequest } = await import("./run_dispatch.ts");
      return await runRequest(request);
    }
    const { buildProgram } = await import("./program.ts");
    return await buildProgram().run(args);
  } catch (e) {
    // stdout closed by its reader: the one place for all output, quiet like git and ls.
    if (e instanceof Deno.errors.BrokenPipe) return EXIT_BROKEN_PIPE;
    if (e instanceof ZotError) {
      // Messages quote manifests, directory names and extension output: made safe to show.
      console.error(`zot: ${safeText(e.message, { lines: true })}`);
      return e.exitCode;
    }
    console.error(internalErrorLine(e));
    return EXIT_FAILURE;
  }
}

export { EXIT_USAGE };
