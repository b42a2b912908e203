/**
 * Runs a parsed run request in its mode. Mode modules are imported on
 * demand so start-up only pays for the mode in use (no SDK, TUI or RPC code
 * on the `zot -p` path).
 *
 * @module
 */

import { EXIT_OK, UsageError } from "../errors.ts";
import { join } from "../path.ts";
import { divertConsole } from "../console_sink.ts";
import { exitOnCrash } from "../modes/common/crash.ts";
import { zotHome } from "../config/paths.ts";
import type { ModeName, RunFlags } from "../modes/common/flags.ts";
import type { RunRequest } from "./run_flags.ts";
import { resolveModelAlias } from "../providers/models.ts";

/**
 * `--model opus|sonnet|haiku`: the catalog's newest model of that family, resolved once here so
 * every mode, the saved choice and subagents see the real id. Not for an explicit other provider,
 * whose server may well have a model of that name.
 */
function withModelAlias(flags: RunFlags): RunFlags {
  if (flags.model === undefined) return flags;
  if (flags.provider !== undefined && flags.provider !== "anthropic") return flags;
  const id = resolveModelAlias(flags.model);
  return id === undefined ? flags : { ...flags, model: id };
}

/** Run the request; resolves to the exit code. */
export async function runRequest(request: RunRequest, forced?: ModeName): Promise<number> {
  const flags = withModelAlias(request.flags);
  if (request.listModels) {
    const { listModels } = await import("./list_models.ts");
    await listModels(flags, { json: request.json });
    return EXIT_OK;
  }
  const mode = forced ?? chooseMode(request);
  return await runMode(mode, flags, request.words);
}

function chooseMode(r: RunRequest): ModeName {
  const picked = [r.print && "--print", r.json && "--json", r.rpc && "--rpc"].filter(Boolean);
  if (picked.length > 1) {
    throw new UsageError(`Pick one mode: ${picked.join(" and ")} cannot be combined`);
  }
  if (r.rpc) return "rpc";
  if (r.json) return "json";
  if (r.print) return "print";
  // With no terminal to draw on or read keys from, a TUI cannot run: it is a
  // print run (scripts, pipes), whose prompt comes from the words or stdin.
  if (!Deno.stdout.isTerminal() || !Deno.stdin.isTerminal()) return "print";
  return "interactive";
}

async function runMode(mode: ModeName, flags: RunFlags, words: string[]): Promise<number> {
  // From here on the terminal (or stdout's reader) belongs to the run: what libraries print with
  // console.* goes to a log file. zot's own lines go to stdout and stderr directly. Each mode is
  // awaited below: a returned promise would let the diversion end before the run does.
  const logs = join(zotHome(), "logs");
  using _console = divertConsole({ dir: logs, path: join(logs, "console.log") });
  // A bug that nothing caught ends the run the way a second signal does, not as Deno would.
  using _crash = exitOnCrash();
  switch (mode) {
    case "print": {
      const [{ runPrint }, { headlessPrompt }] = await Promise.all([
        import("../modes/print/mod.ts"),
        import("../modes/common/prompt_input.ts"),
      ]);
      return await runPrint({ flags, prompt: await headlessPrompt(words, "print") });
    }
    case "json": {
      const [{ runJson }, { headlessPrompt }] = await Promise.all([
        import("../modes/json/mod.ts"),
        import("../modes/common/prompt_input.ts"),
      ]);
      return await runJson({ flags, prompt: await headlessPrompt(words, "json") });
    }
    case "rpc": {
      if (words.length > 0) {
        throw new UsageError(`RPC mode takes no prompt (send a "prompt" command on stdin)`);
      }
      const { runRpc } = await import("../modes/rpc/mod.ts");
      return await runRpc({ flags });
    }
    case "interactive": {
      const { launchInteractive } = await import("./interactive.ts");
      return await launchInteractive(flags, words.join(" ").trim());
    }
  }
}
