/**
 * zot's built-in tools. The agent loop calls {@linkcode createBuiltinTools}
 * once per session and merges extension tools after these (built-ins win).
 * A tool's code (read.ts, bash.ts… and what they import) loads at its first
 * call: a run needs only the specs (src/tools/specs.ts) to send its first
 * request, and a prompt that calls no tool never loads the rest.
 *
 * @module
 */

import type { Tool, ToolSpec } from "../model/types.ts";
import type { Skill } from "../skills/types.ts";
import type { JailPolicy } from "./jail_policy.ts";
import type { BashSandbox } from "./bash_sandbox.ts";
import { createSkillTool } from "./skill.ts";
import { bashSpec, editSpec, readSpec, writeSpec } from "./specs.ts";
import { BUILTIN_TOOL_NAMES, type BuiltinToolName } from "./names.ts";

export { createJail, type JailPolicy } from "./jail_policy.ts";
export type { BashSandbox, OsConfiner } from "./bash_sandbox.ts";
export { BUILTIN_TOOL_NAMES, type BuiltinToolName } from "./names.ts";

export interface BuiltinToolOptions {
  /**
   * The session's starting directory. Tools resolve paths against
   * `ToolContext.cwd` at each call (it follows `/cd`); this is only a
   * default for callers that build contexts from it.
   */
  cwd: string;
  /** The `/jail` policy; mutate `root` to switch it at runtime. */
  jail?: JailPolicy;
  /** Discovered skills; the `skill` tool exists only when there is at least one. */
  skills: readonly Skill[];
  /**
   * `--tools a,b` keeps only these; `--no-tools` is `[]`; undefined keeps
   * all. Unknown names are ignored here: check them with
   * {@linkcode unknownToolNames} to report them.
   */
  enabled?: readonly string[];
  /** Home for `~` expansion; defaults to the user's. */
  home?: string;
  /** bash's default timeout in seconds. */
  bashTimeoutS?: number;
  /** The `--sandbox` state of bash; mutate `enabled` to switch it at runtime. */
  sandbox?: BashSandbox;
}

/** The built-in tools for one session. */
export function createBuiltinTools(options: BuiltinToolOptions): Tool[] {
  const fileOptions = { jail: options.jail, home: options.home };
  const factories: Record<BuiltinToolName, () => Tool | undefined> = {
    read: () =>
      loadedAtFirstCall(
        readSpec(),
        async () => (await import("./read.ts")).createReadTool(fileOptions),
      ),
    write: () =>
      loadedAtFirstCall(
        writeSpec(),
        async () => (await import("./write.ts")).createWriteTool(fileOptions),
      ),
    edit: () =>
      loadedAtFirstCall(
        editSpec(),
        async () => (await import("./edit.ts")).createEditTool(fileOptions),
      ),
    bash: () =>
      loadedAtFirstCall(bashSpec(), async () =>
        (await import("./bash.ts")).createBashTool({
          ...fileOptions,
          defaultTimeoutS: options.bashTimeoutS,
          sandbox: options.sandbox,
        })),
    skill: () => (options.skills.length > 0 ? createSkillTool(options.skills) : undefined),
  };
  const wanted = options.enabled === undefined ? undefined : new Set(options.enabled);
  const tools: Tool[] = [];
  for (const name of BUILTIN_TOOL_NAMES) {
    if (wanted && !wanted.has(name)) continue;
    const tool = factories[name]();
    if (tool) tools.push(tool);
  }
  return tools;
}

/**
 * `spec` now, `load()` at the first call (and again after a failed import), then kept: the
 * options the tool was built with are the same objects the caller mutates (`/jail`, `/sandbox`).
 */
export function loadedAtFirstCall(spec: ToolSpec, load: () => Promise<Tool>): Tool {
  let loaded: Promise<Tool> | undefined;
  return {
    ...spec,
    source: "builtin",
    async execute(args, ctx) {
      loaded ??= load().catch((e) => {
        loaded = undefined;
        throw e;
      });
      return await (await loaded).execute(args, ctx);
    },
  };
}

/**
 * Names in `--tools` that are not built-in. The caller decides whether an
 * extension tool of that name makes them valid.
 */
export function unknownToolNames(enabled: readonly string[]): string[] {
  const known = new Set<string>(BUILTIN_TOOL_NAMES);
  return enabled.filter((n) => !known.has(n));
}
