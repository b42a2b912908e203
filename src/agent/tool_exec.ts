/**
 * One tool call from proposal to result, in the protocol's order: unknown tool →
 * interception (`tool_call` interceptors, rewrites chained) → confirmation →
 * `permission_decision` → execute → `tool_result`. Shared by the loop (model
 * calls) and the ToolCaller (extension calls); the transcript is the
 * caller's business.
 *
 * @module
 */

import type { JsonObject } from "../protocol/frames.ts";
import type {
  PermissionDecision,
  PermissionSource,
  PermissionStage,
  ToolStatus,
} from "../protocol/events.ts";
import { textContent } from "../protocol/content.ts";
import type { AgentHooks } from "./hooks.ts";
import type { AgentEvent } from "./events.ts";
import type { ToolResult } from "../model/types.ts";
import type { ToolRegistry } from "./tool_registry.ts";
import {
  type ConfirmDecision,
  type Confirmer,
  toolPreview,
  USER_DENIED_REASON,
} from "./confirm.ts";
import { errorMessage } from "../errors.ts";

export const GUARD_BLOCKED_REASON = "tool call refused by extension guard";

export interface ToolExecEnv {
  registry: ToolRegistry;
  /** Interception and pacing; events go through `emit`. */
  hooks: AgentHooks;
  /** The agent's event stream (extensions hear it through the hooks). */
  emit: (event: AgentEvent) => void;
  /** Undefined in headless modes: every call is approved as "yolo". */
  confirmer?: Confirmer;
  cwd: string;
  interactive: boolean;
  /** Progress text of a running call (RPC `tool_progress`). */
  progress?: (callId: string, text: string) => void;
}

export interface ToolCallRequest {
  id: string;
  name: string;
  /** The model's (or extension's) original args. */
  args: JsonObject;
  /** Set when the model's args were not valid JSON. */
  argsRaw?: string;
  origin?: string;
  /** False for an extension's `call_tool`: no part of the conversation. */
  inTranscript: boolean;
  chain: string[];
  signal: AbortSignal;
}

export interface ToolCallOutcome {
  result: ToolResult;
  status: ToolStatus;
  executed: boolean;
  /** Effective args (after rewrites), or the last proposed ones when refused. */
  args: JsonObject;
}

function failure(text: string, outcome?: ToolResult["outcome"]): ToolResult {
  return { content: textContent(text), isError: true, outcome };
}

/** The model misspelt a name (`Read`, `read_file`): say which tools exist so it can retry. */
function unknownTool(name: string, registry: ToolRegistry): string {
  const names = registry.visible().map((t) => t.name).sort();
  const near = names.find((n) => n.toLowerCase() === name.toLowerCase());
  const hint = near ? `did you mean "${near}"? ` : "";
  const list = names.length ? `the tools are: ${names.join(", ")}` : "no tools are available";
  return `unknown tool "${name}" (${hint}${list})`;
}

/** Runs one call through guards, confirmation and the tool; always emits `tool_result`. */
export async function runToolCall(
  req: ToolCallRequest,
  env: ToolExecEnv,
): Promise<ToolCallOutcome> {
  // Each call sends a few frames (intercept, permission_decision, tool_result):
  // calls in a row wait for the extensions to keep up (see AgentHooks.paced).
  await env.hooks.paced();
  const outcome = await decideAndRun(req, env);
  env.emit({
    type: "tool_result",
    id: req.id,
    name: req.name,
    args: outcome.args,
    argsRaw: req.argsRaw,
    status: outcome.status,
    executed: outcome.executed,
    content: outcome.result.content,
    isError: outcome.result.isError === true,
    origin: req.origin,
    inTranscript: req.inTranscript,
  });
  return outcome;
}

async function decideAndRun(req: ToolCallRequest, env: ToolExecEnv): Promise<ToolCallOutcome> {
  let args = req.args;
  const done = (result: ToolResult, status: ToolStatus, executed = false): ToolCallOutcome => ({
    result,
    status,
    executed,
    args,
  });
  if (req.signal.aborted) {
    return done(failure("tool call cancelled before it ran", "cancelled"), "cancelled");
  }
  const tool = env.registry.get(req.name);
  if (!tool) return done(failure(unknownTool(req.name, env.registry)), "failed");
  if (req.argsRaw !== undefined) {
    return done(
      failure(`Invalid arguments for tool "${req.name}": not a JSON object (send valid JSON)`),
      "failed",
    );
  }

  const permission = (
    decision: PermissionDecision,
    source: PermissionSource,
    reason?: string,
    stage: PermissionStage = "pre_execution",
  ) =>
    env.emit({
      type: "permission_decision",
      id: req.id,
      name: req.name,
      decision,
      source,
      stage,
      reason,
      origin: req.origin,
    });

  const verdict = await intercept(req, env);
  if (verdict.block) {
    permission("denied", "policy", verdict.reason);
    return done(failure(verdict.reason, "blocked"), "blocked");
  }
  args = verdict.args;
  if (req.signal.aborted) {
    return done(failure("tool call cancelled before it ran", "cancelled"), "cancelled");
  }

  const decision = await confirm(req, args, env);
  if (decision === "yolo") permission("approved", "yolo");
  else if (decision.approved) permission("approved", decision.source);
  else {
    const reason = decision.reason ?? USER_DENIED_REASON;
    permission(decision.cancelled ? "cancelled" : "denied", decision.source, reason);
    return done(failure(reason, "blocked"), "blocked");
  }
  if (req.signal.aborted) {
    return done(failure("tool call cancelled before it ran", "cancelled"), "cancelled");
  }

  let result: ToolResult;
  try {
    result = await tool.execute(args, {
      cwd: env.cwd,
      signal: req.signal,
      callId: req.id,
      origin: req.origin,
      chain: req.chain,
      interactive: env.interactive,
      progress: env.progress ? (text) => env.progress!(req.id, text) : undefined,
    });
  } catch (e) {
    // A throwing tool is a bug in the tool, never a reason to stop the agent.
    if (req.signal.aborted) {
      return done(failure(`aborted: ${errorMessage(e)}`, "cancelled"), "cancelled", true);
    }
    return done(failure(`tool "${req.name}" failed: ${errorMessage(e)}`), "failed", true);
  }
  switch (result.outcome) {
    case "cancelled":
      return done(result, "cancelled", true);
    case "timed_out":
      return done(result, "timed_out", true);
    case "blocked":
      // A tool-local refusal after approval (e.g. a jailed path).
      permission("denied", "policy", firstText(result), "tool_execution");
      return done(result, "blocked", true);
  }
  if (result.isError && req.signal.aborted) {
    return done({ ...result, outcome: "cancelled" }, "cancelled", true);
  }
  return done(result, result.isError ? "failed" : "completed", true);
}

function firstText(result: ToolResult): string | undefined {
  const block = result.content.find((b) => b.type === "text");
  return block?.type === "text" ? block.text : undefined;
}

async function intercept(
  req: ToolCallRequest,
  env: ToolExecEnv,
): Promise<{ block: true; reason: string } | { block: false; args: JsonObject }> {
  try {
    const d = await env.hooks.interceptToolCall(
      { toolId: req.id, toolName: req.name, args: req.args, origin: req.origin },
      req.signal,
    );
    if (d.block) return { block: true, reason: d.reason || GUARD_BLOCKED_REASON };
    return { block: false, args: d.args };
  } catch (e) {
    // The guards could not decide: refuse (fail closed), unless the run was cancelled.
    if (req.signal.aborted) return { block: false, args: req.args };
    return {
      block: true,
      reason: `Tool call refused: the guard check failed (${errorMessage(e)})`,
    };
  }
}

async function confirm(
  req: ToolCallRequest,
  args: JsonObject,
  env: ToolExecEnv,
): Promise<ConfirmDecision | "yolo"> {
  if (!env.confirmer) return "yolo";
  const request = {
    toolId: req.id,
    toolName: req.name,
    args,
    preview: toolPreview(args),
    origin: req.origin,
  };
  const known = env.confirmer.known(request);
  if (known) return known;
  env.emit({
    type: "tool_confirmation_requested",
    id: req.id,
    name: req.name,
    preview: request.preview,
    origin: req.origin,
  });
  try {
    return await env.confirmer.ask(request, req.signal);
  } catch (e) {
    return {
      approved: false,
      source: "user",
      reason: `confirmation failed: ${errorMessage(e)}`,
      cancelled: true,
    };
  }
}
