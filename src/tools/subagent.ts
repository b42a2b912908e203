/**
 * The `subagent` tool: the model delegates a self-contained task to a
 * child zot and gets the child's final answer back as the result. This file
 * only checks the untrusted args and shapes the result; the launcher that
 * runs the child (src/agent/subagents) is injected, so tools stay a layer
 * that knows nothing of processes or extensions.
 *
 * @module
 */

import type { Tool, ToolResult } from "../model/types.ts";
import type { JsonObject } from "../protocol/frames.ts";
import { textContent } from "../protocol/content.ts";
import { type Arg, errorResult, optionalPositive, requiredString } from "./args.ts";
import { DEFAULT_SUBAGENT_TIMEOUT_S, subagentSpec } from "./specs.ts";

export { SUBAGENT_TOOL_NAME } from "./names.ts";

export { DEFAULT_SUBAGENT_TIMEOUT_S };

export interface SubagentCall {
  task: string;
  name?: string;
  tools?: string[];
  timeoutMs: number;
}

/** How a child run ended (mirrors `subagent_stop`). */
export interface SubagentReport {
  status: "completed" | "failed" | "cancelled" | "timed_out";
  text: string;
  error?: string;
  agentId: string;
  runId: string;
  name: string;
}

/** Runs one child; the supervisor in src/agent/subagents implements it. */
export interface SubagentLauncher {
  run(
    call: SubagentCall,
    ctx: { signal: AbortSignal; progress?: (text: string) => void },
  ): Promise<SubagentReport>;
}

function optionalName(args: JsonObject): Arg<string | undefined> {
  const v = args.name;
  if (v === undefined || v === null) return { ok: true, value: undefined };
  if (typeof v !== "string") return { ok: false, error: `Argument "name" must be a string` };
  return { ok: true, value: v.trim() === "" ? undefined : v.trim() };
}

function optionalTools(args: JsonObject): Arg<string[] | undefined> {
  const v = args.tools;
  if (v === undefined || v === null) return { ok: true, value: undefined };
  if (!Array.isArray(v) || v.some((t) => typeof t !== "string" || t.trim() === "")) {
    return {
      ok: false,
      error: `Argument "tools" must be an array of tool names, e.g. ["read", "bash"]`,
    };
  }
  return { ok: true, value: v.map((t) => String(t).trim()) };
}

/** Checks the model's args; an error names the bad field. */
export function parseSubagentArgs(args: JsonObject): Arg<SubagentCall> {
  const task = requiredString(args, "task");
  if (!task.ok) return task;
  if (task.value.trim() === "") {
    return { ok: false, error: `Argument "task" is empty (describe the work to delegate)` };
  }
  const name = optionalName(args);
  if (!name.ok) return name;
  const tools = optionalTools(args);
  if (!tools.ok) return tools;
  const timeout = optionalPositive(args, "timeout_s");
  if (!timeout.ok) return timeout;
  const call: SubagentCall = {
    task: task.value,
    timeoutMs: (timeout.value ?? DEFAULT_SUBAGENT_TIMEOUT_S) * 1000,
  };
  if (name.value !== undefined) call.name = name.value;
  if (tools.value !== undefined) call.tools = tools.value;
  return { ok: true, value: call };
}

function toResult(report: SubagentReport): ToolResult {
  const details = { agent_id: report.agentId, agent_run_id: report.runId, name: report.name };
  const who = `Subagent "${report.name}"`;
  switch (report.status) {
    case "completed": {
      const text = report.text.trim() === "" ? `${who} finished without an answer` : report.text;
      return { content: textContent(text), details };
    }
    case "failed":
      return {
        ...errorResult(withPartial(`${who} failed: ${report.error ?? "unknown error"}`, report)),
        details,
      };
    case "cancelled":
      return { ...errorResult(withPartial(`${who} was cancelled`, report), "cancelled"), details };
    case "timed_out":
      return {
        ...errorResult(withPartial(`${who} ${report.error ?? "timed out"}`, report), "timed_out"),
        details,
      };
  }
}

/** What the child said before it stopped is often still useful (e.g. at its step limit). */
function withPartial(message: string, report: SubagentReport): string {
  const text = report.text.trim();
  return text === "" ? message : `${message}\n\nIts last message:\n${text}`;
}

export interface SubagentToolOptions {
  /** Whether `/jail` is on now: a child zot would run unjailed, so calls are refused. */
  jailed?: () => boolean;
}

/** Refusal while the parent is jailed (a policy block, like other jail refusals). */
export const JAILED_MESSAGE =
  "Subagents cannot run while /jail is on: the child zot would not be jailed (use /unjail first)";

export function createSubagentTool(
  launcher: SubagentLauncher,
  options: SubagentToolOptions = {},
): Tool {
  return {
    ...subagentSpec(),
    source: "builtin",
    async execute(args, ctx) {
      const call = parseSubagentArgs(args);
      if (!call.ok) return errorResult(call.error);
      if (options.jailed?.()) return errorResult(JAILED_MESSAGE, "blocked");
      const report = await launcher.run(call.value, { signal: ctx.signal, progress: ctx.progress });
      return toResult(report);
    },
  };
}
