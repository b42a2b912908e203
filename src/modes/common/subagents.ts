/**
 * Wiring of the `subagent` tool into a run: the supervisor gets the run's
 * provider profile, the extension host's event sink and the agent's session
 * (both bound late: the tool exists before the host and agent do). A child
 * zot (depth >= 1) gets no subagent tool, so delegation never recurses.
 *
 * @module
 */

import type { Tool } from "../../model/types.ts";
import type { SubagentEvent } from "../../agent/events.ts";
import type { CredentialsResult } from "../../config/credentials.ts";
import type { EnvGet, ZotPaths } from "../../config/paths.ts";
import type { SubagentSupervisor } from "../../agent/subagents/supervisor.ts";
import { DEPTH_ENV, depthOf, MAX_DEPTH } from "../../agent/subagents/depth.ts";
import type { SubagentLauncher } from "../../tools/subagent.ts";
import { loadedAtFirstCall } from "../../tools/mod.ts";
import { subagentSpec } from "../../tools/specs.ts";
import { resolve } from "../../path.ts";
import type { RunFlags } from "./flags.ts";

export interface SubagentWiring {
  tool: Tool;
  /** End of the run: running children get up to 2 s to return (nothing to wait for if none ran). */
  shutdown(): Promise<void>;
}

export interface SubagentWiringOptions {
  paths: ZotPaths;
  flags: RunFlags;
  env: EnvGet;
  /** The run's own credentials (read once by the set-up). */
  credentials: CredentialsResult;
  /** The run's `--tools` allow list. */
  allow?: readonly string[];
  /** Late-bound: the agent's event stream (extensions hear it through the host). */
  emit: (event: SubagentEvent) => void;
  /** Late-bound: the agent's active session id. */
  sessionId: () => string;
  /** Late-bound: whether `/jail` is on (children cannot be jailed, so calls are refused). */
  jailed?: () => boolean;
  /** Late-bound: whether bash runs in the OS sandbox now (children then get `--sandbox`). */
  sandboxed?: () => boolean;
  /**
   * The user confirms each tool call (`--no-yolo` in the TUI). A child has
   * no one to ask, so it would run its tools unconfirmed: no subagent tool then.
   */
  confirmsCalls?: boolean;
}

/**
 * Subagent tool and supervisor; undefined in a child zot, under `--no-yolo`
 * in the TUI, when `--tools` leaves it out, or without credentials (the run itself reports those).
 * The child gets the parent's credentials, so it talks to the same
 * provider, model and endpoint.
 */
export function createSubagents(o: SubagentWiringOptions): SubagentWiring | undefined {
  const depth = depthOf(o.env(DEPTH_ENV));
  if (depth >= MAX_DEPTH || o.confirmsCalls) return undefined;
  if (o.allow && !o.allow.includes("subagent")) return undefined;
  if (!o.credentials.ok) return undefined;
  const c = o.credentials.value;
  const cwd = o.paths.cwd;
  const profile = {
    provider: c.provider,
    model: c.model,
    ...(c.keySource === "flag" ? { apiKey: c.apiKey } : {}),
    ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
    ...(o.flags.transport ? { transport: o.flags.transport } : {}),
    ext: o.flags.ext.map((p) => resolve(cwd, p)),
    noExt: o.flags.noExt,
    noSkill: o.flags.noSkill,
    withSkills: o.flags.withSkills,
    allow: o.allow?.filter((name) => name !== "subagent"),
    maxSteps: o.flags.maxSteps > 0 ? o.flags.maxSteps : 50,
    depth,
    home: o.paths.home,
  };
  // Loaded at the first delegation: a run that never delegates (and every run until its first
  // model request) does without the tool's code, the supervisor, the child's command line, the
  // child runner and its stream parser.
  let supervisor: Promise<SubagentSupervisor> | undefined;
  const load = () =>
    supervisor ??= Promise.all([
      import("../../agent/subagents/supervisor.ts"),
      import("../../agent/subagents/command.ts"),
    ]).then(([{ SubagentSupervisor }, { childCommand, childTools }]) =>
      new SubagentSupervisor({
        cwd,
        emit: o.emit,
        sessionId: o.sessionId,
        command: (tools) =>
          childCommand(
            { ...profile, sandbox: o.sandboxed?.() ?? false },
            childTools(tools, profile.allow),
          ),
      })
    );
  const launcher: SubagentLauncher = { run: async (call, ctx) => (await load()).run(call, ctx) };
  return {
    tool: loadedAtFirstCall(
      subagentSpec(),
      async () =>
        (await import("../../tools/subagent.ts")).createSubagentTool(launcher, {
          jailed: o.jailed,
        }),
    ),
    async shutdown() {
      if (supervisor) await (await supervisor).shutdown();
    },
  };
}
