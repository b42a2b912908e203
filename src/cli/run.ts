/**
 * The default action: run the agent in the TUI, print, JSON or RPC mode.
 * Mode modules are imported on demand so start-up only pays for the mode
 * in use (no SDK, TUI or RPC code on the `zot -p` path).
 *
 * @module
 */

import { type Command, InvalidArgumentError, Option } from "commander";
import { EXIT_OK, UsageError } from "../errors.ts";
import { defaultFlags, type ModeName, type RunFlags } from "../modes/shared/flags.ts";

interface RawOptions {
  print?: boolean;
  json?: boolean;
  rpc?: boolean;
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  listModels?: boolean;
  skill?: boolean;
  skills?: boolean;
  withSkills?: boolean;
  maxSteps?: number;
  continue?: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  yolo?: boolean;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new InvalidArgumentError(
      `"${value}" is not a whole number (use e.g. --max-steps 20; 0 = unlimited)`,
    );
  }
  return n;
}

/**
 * `--ext`/`--no-ext`, `--tools`/`--no-tools` and `--session`/`--no-session`
 * share one commander attribute each, and the negation would overwrite the
 * collected value (`--no-ext --ext ./x` must keep `./x`). So these are
 * tracked from the option events instead of `opts()`.
 */
interface PairedState {
  ext: string[];
  noExt: boolean;
  tools?: string[];
  noTools: boolean;
  session?: string;
  noSession: boolean;
}

export function addRunOptions(root: Command, setExit: (code: number) => void): void {
  const paired: PairedState = { ext: [], noExt: false, noTools: false, noSession: false };
  root
    .argument("[prompt...]", "prompt to run (print mode when stdout is not a terminal)")
    .option("-p, --print", "print mode: run the prompt and print only the final answer")
    .option("--json", "JSON mode: one JSON event per line on stdout")
    .option("--rpc", "RPC mode: JSON commands on stdin, responses and events on stdout")
    .option("--provider <name>", "LLM provider (anthropic or openai)")
    .option("--model <id>", "model id")
    .option("--api-key <key>", "API key (default: ANTHROPIC_API_KEY / OPENAI_API_KEY)")
    .option("--base-url <url>", "API endpoint (proxies, local servers)")
    .option("--list-models", "list known models and exit")
    .option("-e, --ext <path>", "load the extension at <path> (repeatable)")
    .option("--no-ext", "do not discover installed extensions (--ext still loads)")
    .option("--tools <names>", "only these tools, comma-separated")
    .option("--no-tools", "no tools at all")
    .option("--no-skill", "disable skills")
    .option("--with-skills", "enable skills")
    .option("--max-steps <n>", "stop after <n> model steps per prompt (0 = unlimited)", positiveInt)
    .option("-c, --continue", "continue the latest session of this directory")
    .option("--session <path>", "use this session file")
    .option("--no-session", "do not save the session")
    .option("--system-prompt <text>", "replace the system prompt (@file reads a file)")
    .option("--append-system-prompt <text>", "append to the system prompt (@file reads a file)")
    .option("--no-yolo", "confirm each tool call (interactive mode only)")
    // The Go zot's spellings, kept for muscle memory.
    .addOption(new Option("--no-extensions").hideHelp())
    .addOption(new Option("--no-skills").hideHelp());
  root.on("option:ext", (v: string) => paired.ext.push(v));
  root.on("option:no-ext", () => (paired.noExt = true));
  root.on("option:no-extensions", () => (paired.noExt = true));
  root.on("option:tools", (v: string) => (paired.tools = v.split(",")));
  root.on("option:no-tools", () => (paired.noTools = true));
  root.on("option:session", (v: string) => (paired.session = v));
  root.on("option:no-session", () => (paired.noSession = true));

  const run = async (words: string[], forced?: ModeName) => {
    const raw = root.opts<RawOptions>();
    if (raw.listModels) {
      const { listModels } = await import("./list_models.ts");
      listModels(raw.provider);
      setExit(EXIT_OK);
      return;
    }
    const flags = toFlags(raw, paired);
    const mode = forced ?? chooseMode(raw, words);
    setExit(await runMode(mode, flags, words));
  };
  root.action((words: string[]) => run(words));
  root.command("rpc")
    .description("RPC mode (same as --rpc)")
    .action(() => run([], "rpc"));
}

function toFlags(raw: RawOptions, paired: PairedState): RunFlags {
  const flags = defaultFlags();
  Object.assign(flags, {
    provider: raw.provider,
    model: raw.model,
    apiKey: raw.apiKey,
    baseUrl: raw.baseUrl,
    ext: paired.ext,
    noExt: paired.noExt,
    tools: paired.tools,
    noTools: paired.noTools,
    noSkill: raw.skill === false || raw.skills === false,
    withSkills: raw.withSkills === true,
    maxSteps: raw.maxSteps ?? 0,
    continue: raw.continue === true,
    session: paired.session,
    noSession: paired.noSession,
    systemPrompt: raw.systemPrompt,
    appendSystemPrompt: raw.appendSystemPrompt,
    yolo: raw.yolo !== false,
  });
  return flags;
}

function chooseMode(raw: RawOptions, words: string[]): ModeName {
  const picked = [raw.print && "--print", raw.json && "--json", raw.rpc && "--rpc"].filter(Boolean);
  if (picked.length > 1) {
    throw new UsageError(`Pick one mode: ${picked.join(" and ")} cannot be combined`);
  }
  if (raw.rpc) return "rpc";
  if (raw.json) return "json";
  if (raw.print) return "print";
  // A prompt with no terminal to show a TUI on is a print run (scripts, pipes).
  if (words.length > 0 && !Deno.stdout.isTerminal()) return "print";
  return "interactive";
}

async function runMode(mode: ModeName, flags: RunFlags, words: string[]): Promise<number> {
  switch (mode) {
    case "print": {
      const [{ runPrint }, { headlessPrompt }] = await Promise.all([
        import("../modes/print/mod.ts"),
        import("../modes/shared/prompt_input.ts"),
      ]);
      return runPrint({ flags, prompt: await headlessPrompt(words, "print") });
    }
    case "json": {
      const [{ runJson }, { headlessPrompt }] = await Promise.all([
        import("../modes/json/mod.ts"),
        import("../modes/shared/prompt_input.ts"),
      ]);
      return runJson({ flags, prompt: await headlessPrompt(words, "json") });
    }
    case "rpc": {
      if (words.length > 0) {
        throw new UsageError(`RPC mode takes no prompt (send a "prompt" command on stdin)`);
      }
      const { runRpc } = await import("../modes/rpc/mod.ts");
      return runRpc({ flags });
    }
    case "interactive": {
      const { launchInteractive } = await import("./interactive.ts");
      return launchInteractive(flags, words.join(" ").trim());
    }
  }
}
