/**
 * Slash commands owned by extensions: listing, invocation (`command_invoked`
 * → `command_response`, 30 s) and the status text a UI shows for an
 * outcome. The host only reports; applying an action is the UI's job.
 *
 * @module
 */

import type { JsonObject, PanelSpec } from "../../protocol/frames.ts";
import { RequestError } from "../channel.ts";
import { errorMessage } from "../../errors.ts";
import { type HostCore, nextRequestId } from "./core.ts";
import { isLive } from "./record.ts";
import { toolPromptRefusal } from "./submit.ts";

/** One active extension command (for help and autocomplete). */
export interface CommandInfo {
  name: string;
  description: string;
  extension: string;
}

/** What an invocation produced: the extension's response, or why there is none. */
export type CommandOutcome =
  | {
    ok: true;
    extension: string;
    /** Canonical spelling of the command. */
    command: string;
    /** As sent; `""` means noop. Unknown actions are reported by the UI. */
    action: string;
    prompt?: string;
    toolName?: string;
    toolArgs?: JsonObject;
    insert?: string;
    display?: string;
    panel?: PanelSpec;
    /** Non-empty: shown as an error and the action is not applied. */
    error?: string;
  }
  | { ok: false; extension?: string; command: string; error: string };

/** Actions a UI knows how to apply. */
export const COMMAND_ACTIONS: ReadonlySet<string> = new Set([
  "prompt",
  "tool_prompt",
  "insert",
  "display",
  "open_panel",
  "noop",
  "",
]);

/**
 * The error status line for an outcome, or undefined when the action should
 * be applied. An `error` wins over the action.
 */
export function commandStatusText(outcome: CommandOutcome): string | undefined {
  if (!outcome.ok || outcome.error) return `extension /${outcome.command}: ${outcome.error}`;
  if (!COMMAND_ACTIONS.has(outcome.action)) {
    return `extension /${outcome.command}: unknown action ${outcome.action}`;
  }
  return undefined;
}

export function listCommands(core: HostCore): CommandInfo[] {
  return [...core.registry.commands.values()].map((c) => ({
    name: c.name,
    description: c.description,
    extension: c.extension,
  }));
}

export async function invokeCommand(
  core: HostCore,
  name: string,
  args: string,
  signal?: AbortSignal,
): Promise<CommandOutcome> {
  const reg = core.registry.command(name);
  const record = reg ? core.byName(reg.extension) : undefined;
  if (!reg || !record || !isLive(record)) {
    return { ok: false, command: name, error: `no extension registered for command "${name}"` };
  }
  const ext = record.name;
  const command = reg.name;
  const trimmed = args.trim();
  try {
    const reply = await record.channel.request({
      type: "command_invoked",
      id: nextRequestId(),
      name: command,
      ...(trimmed === "" ? {} : { args: trimmed }),
    }, { timeoutMs: core.timeouts.commandMs, signal });
    if (reply.type !== "command_response") {
      return { ok: false, extension: ext, command, error: `unexpected reply "${reply.type}"` };
    }
    const outcome: CommandOutcome = {
      ok: true,
      extension: ext,
      command,
      action: reply.action ?? "",
    };
    if (reply.prompt !== undefined) outcome.prompt = reply.prompt;
    if (reply.tool_name !== undefined) outcome.toolName = reply.tool_name;
    if (reply.tool_args !== undefined) outcome.toolArgs = reply.tool_args;
    if (reply.insert !== undefined) outcome.insert = reply.insert;
    if (reply.display !== undefined) outcome.display = reply.display;
    if (reply.open_panel !== undefined) outcome.panel = reply.open_panel;
    if (reply.error) outcome.error = reply.error;
    // Checked here, where the scope is known, so no mode can run a refused one.
    if (outcome.action === "tool_prompt" && !outcome.error) {
      const refused = toolPromptRefusal(core, record, outcome.toolName ?? "");
      if (refused !== undefined) outcome.error = refused;
    }
    return outcome;
  } catch (e) {
    let error = errorMessage(e);
    if (e instanceof RequestError && e.kind === "timeout") {
      error = `timeout waiting for ${ext}/${command}`;
    } else if (e instanceof RequestError && e.kind === "cancelled") error = "context canceled";
    return { ok: false, extension: ext, command, error };
  }
}
