/**
 * The run flags, defined once. Both the commander program (help texts,
 * subcommands) and the npm-free fast parser in run_args.ts read this table,
 * so `zot -p …` starts without loading commander.
 *
 * @module
 */

import { UsageError } from "../errors.ts";
import { MAX_TOOL_CALLS_CEILING } from "../config/settings.ts";
import { defaultFlags, type RunFlags } from "../modes/common/flags.ts";

/** What parsing the run flags produces. */
export interface RunRequest {
  flags: RunFlags;
  print: boolean;
  json: boolean;
  rpc: boolean;
  listModels: boolean;
  words: string[];
}

export function emptyRunRequest(): RunRequest {
  return {
    flags: defaultFlags(),
    print: false,
    json: false,
    rpc: false,
    listModels: false,
    words: [],
  };
}

export interface FlagSpec {
  /** Commander spelling, e.g. "-e, --ext <path>". */
  flags: string;
  /** Long name without dashes, e.g. "ext", "no-ext". */
  long: string;
  short?: string;
  /** Whether the flag takes a value. */
  value: boolean;
  help: string;
  hidden?: boolean;
  apply(request: RunRequest, value: string): void;
}

function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new UsageError(
      `"${value}" is not a whole number (use e.g. --max-steps 20; 0 = unlimited)`,
    );
  }
  return n;
}

function toolCallBound(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_TOOL_CALLS_CEILING) {
    throw new UsageError(
      `"${value}" is not a whole number from 1 to ${MAX_TOOL_CALLS_CEILING} (use e.g. --max-tool-calls 64)`,
    );
  }
  return n;
}

function flag(
  flags: string,
  help: string,
  apply: (r: RunRequest, value: string) => void,
  hidden = false,
): FlagSpec {
  const long = flags.match(/--([a-z-]+)/)![1];
  const short = flags.match(/^-([a-zA-Z]),/)?.[1];
  return { flags, long, short, value: flags.includes("<"), help, hidden, apply };
}

/** Every run flag, in help order. */
export const RUN_FLAGS: readonly FlagSpec[] = [
  flag(
    "-p, --print",
    "print mode: run the prompt and print only the final answer",
    (r) => (r.print = true),
  ),
  flag("--json", "JSON mode: one JSON event per line on stdout", (r) => (r.json = true)),
  flag(
    "--rpc",
    "RPC mode: JSON commands on stdin, responses and events on stdout",
    (r) => (r.rpc = true),
  ),
  flag("--provider <name>", "LLM provider (anthropic or openai)", (r, v) => (r.flags.provider = v)),
  flag(
    "--model <id>",
    "model id, or opus, sonnet, haiku (the newest of each)",
    (r, v) => (r.flags.model = v),
  ),
  flag(
    "--api-key <key>",
    "API key (default: ANTHROPIC_API_KEY / OPENAI_API_KEY)",
    (r, v) => (r.flags.apiKey = v),
  ),
  flag(
    "--base-url <url>",
    "API endpoint (proxies, local servers)",
    (r, v) => (r.flags.baseUrl = v),
  ),
  flag(
    "--transport <kind>",
    "how to reach the API: fetch (zot's own client, default) or sdk (the official SDK)",
    (r, v) => {
      if (v !== "sdk" && v !== "fetch") {
        throw new UsageError(`Unknown transport "${v}" (use --transport fetch or --transport sdk)`);
      }
      r.flags.transport = v;
    },
  ),
  flag("--list-models", "list known models and exit", (r) => (r.listModels = true)),
  flag(
    "-e, --ext <path>",
    "load the extension at <path> (repeatable)",
    (r, v) => r.flags.ext.push(v),
  ),
  flag(
    "--no-ext",
    "do not discover installed extensions (--ext still loads)",
    (r) => (r.flags.noExt = true),
  ),
  flag(
    "--record-ext <file>",
    "append every frame between zot and its extensions to <file> (JSON lines; replay with zot ext replay)",
    (r, v) => (r.flags.recordExt = v),
  ),
  flag(
    "--tools <names>",
    "only these tools, comma-separated",
    (r, v) => (r.flags.tools = v.split(",")),
  ),
  flag("--no-tools", "no tools at all", (r) => (r.flags.noTools = true)),
  flag("--no-skill", "disable skills", (r) => (r.flags.noSkill = true)),
  flag(
    "--with-skills",
    "also load skills from $ZOT_HOME/skills and your home dir",
    (r) => (r.flags.withSkills = true),
  ),
  flag(
    "--max-steps <n>",
    "stop after <n> model steps per prompt (0 = unlimited)",
    (r, v) => (r.flags.maxSteps = wholeNumber(v)),
  ),
  flag(
    "--max-tool-calls <n>",
    "run at most <n> tool calls of one model reply (default 64); the rest get an error result",
    (r, v) => (r.flags.maxToolCalls = toolCallBound(v)),
  ),
  flag(
    "-c, --continue",
    "continue the latest session of this directory",
    (r) => (r.flags.continue = true),
  ),
  flag("--session <path>", "use this session file", (r, v) => (r.flags.session = v)),
  flag("--no-session", "do not save the session", (r) => (r.flags.noSession = true)),
  flag(
    "--system-prompt <text>",
    "replace the system prompt (@file reads a file)",
    (r, v) => (r.flags.systemPrompt = v),
  ),
  flag(
    "--append-system-prompt <text>",
    "append to the system prompt (@file reads a file)",
    (r, v) => (r.flags.appendSystemPrompt = v),
  ),
  flag(
    "--no-yolo",
    "confirm each tool call (TUI only: a usage error with -p, --json or --rpc)",
    (r) => (r.flags.yolo = false),
  ),
  flag(
    "--sandbox",
    "run every bash command in the OS sandbox (writes: project and a temp dir; no secrets; network: bashSandbox.net)",
    (r) => (r.flags.sandbox = true),
  ),
  flag(
    "--no-sandbox",
    "run bash commands unconfined even if config.json turns the sandbox on",
    (r) => (r.flags.sandbox = false),
  ),
  // The Go zot's spellings, kept for muscle memory.
  flag("--no-extensions", "", (r) => (r.flags.noExt = true), true),
  flag("--no-skills", "", (r) => (r.flags.noSkill = true), true),
];
