/**
 * The protocol questions the extension host asks of a sandboxed extension's
 * scope: may it observe this event, intercept this one, replace the system
 * prompt, call this tool, act for the user.
 *
 * @module
 */

import type { Scope } from "./scope.ts";
import { nameCovers } from "./widening.ts";

export const allowsEvent = (scope: Scope, event: string): boolean =>
  scope.events.some((g) => nameCovers(g, event));

export const allowsSystemPrompt = (scope: Scope): boolean => scope.systemPrompt;

export function allowsIntercept(scope: Scope, event: string): boolean {
  if (event === "before_agent_start") return scope.systemPrompt;
  return scope.intercept.some((g) => nameCovers(g, event));
}

export const allowsCallTool = (scope: Scope, tool: string): boolean =>
  scope.callTool.some((g) => nameCovers(g, tool));

/**
 * Acting for the user: what an extension submits runs with the user's
 * authority (a prompt the model obeys, a command, a tool run as the user),
 * so each needs its own grant. `tool_prompt` also needs the tool in
 * `call_tool`: it reaches tools exactly as far as `call_tool` does.
 */
export const allowsSubmit = (scope: Scope): boolean => scope.submit;
export const allowsSubmitSlash = (scope: Scope): boolean => scope.submitSlash;
export const allowsToolPrompt = (scope: Scope, tool: string): boolean =>
  scope.toolPrompt && allowsCallTool(scope, tool);
