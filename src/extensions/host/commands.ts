/**
 * Slash commands owned by extensions: listing, invocation (`command_invoked`
 * → `command_response`, 30 s) and the status text a UI shows for an
 * outcome. The host only reports; applying an action is the UI's job.
 *
 * Every string of a `command_response` is made safe here, before any UI sees it: the prompt,
 * insert and display keep their line feeds and tabs, the error and an unknown action name become
 * one line. A UI then has nothing left that could act on the terminal, whichever sink it uses.
 * The action is compared as sent, so cleaning can never turn an unknown action into a known one.
 *
 * @module
 */

import type { JsonObject, PanelSpec } from "../../protocol/frames.ts";
import { RequestError } from "../channel.ts";
import { errorMessage } from "../../errors.ts";
import { safeText } from "../../safe_text.ts";
import { type HostTimeouts, nextRequestId } from "./core.ts";
import { type ExtensionRecord, isLive } from "./record.ts";
import type { Registry } from "./registry.ts";
import type { RefusalSink } from "./refusals.ts";
import { ranPromptRefusal, toolPromptRefusal } from "./submit.ts";

/**
 * What running a command touches: the command index, the owner's record, the command deadline,
 * and refusal reporting (a `tool_prompt` or a ran `prompt` answer the owner's scope refuses).
 */
export interface CommandHost extends RefusalSink {
  readonly registry: Pick<Registry, "command">;
  readonly timeouts: Pick<HostTimeouts, "commandMs">;
  byName(name: string): ExtensionRecord | undefined;
}

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
  const command = safeText(outcome.command);
  if (!outcome.ok || outcome.error) {
    return `extension /${command}: ${safeText(outcome.error ?? "")}`;
  }
  if (!COMMAND_ACTIONS.has(outcome.action)) {
    return `extension /${command}: unknown action ${safeText(outcome.action)}`;
  }
  return undefined;
}

export function listCommands(registry: Pick<Registry, "commands">): CommandInfo[] {
  return [...registry.commands.values()].map((c) => ({
    name: c.name,
    description: c.description,
    extension: c.extension,
  }));
}

/** Who runs a command, and how the wait can end early. */
export interface InvokeOptions {
  signal?: AbortSignal;
  /**
   * The extension that ran the command through `submit_slash`; absent when the user typed it.
   * A command an extension ran may answer with a prompt only with that owner's `submit` grant.
   */
  ranBy?: string;
}

export async function invokeCommand(
  core: CommandHost,
  name: string,
  args: string,
  options: InvokeOptions = {},
): Promise<CommandOutcome> {
  const { signal, ranBy } = options;
  const reg = core.registry.command(name);
  const record = reg ? core.byName(reg.extension) : undefined;
  if (!reg || !record || !isLive(record)) {
    return { ok: false, command: name, error: `no extension registered for command "${name}"` };
  }
  const ext = record.name;
  const command = reg.name;
  const trimmed = args.trim();
  // A command the user typed may open a panel with the keyboard while it runs (ui_frames.ts).
  const invited = ranBy === undefined;
  if (invited) record.panelInvites++;
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
    const action = reply.action ?? "";
    const known = COMMAND_ACTIONS.has(action);
    const outcome: CommandOutcome = {
      ok: true,
      extension: ext,
      command,
      action: known ? action : safeText(action),
    };
    const multiLine = (text: string) => safeText(text, { lines: true });
    if (reply.prompt !== undefined) outcome.prompt = multiLine(reply.prompt);
    if (reply.tool_name !== undefined) outcome.toolName = safeText(reply.tool_name);
    if (reply.tool_args !== undefined) outcome.toolArgs = reply.tool_args;
    if (reply.insert !== undefined) outcome.insert = multiLine(reply.insert);
    if (reply.display !== undefined) outcome.display = multiLine(reply.display);
    if (reply.open_panel !== undefined) outcome.panel = reply.open_panel;
    if (reply.error) outcome.error = safeText(reply.error) || "failed";
    // Reported here, while the action is still as sent, so a cleaned name cannot pass as known.
    if (!known && !outcome.error) outcome.error = `unknown action ${outcome.action}`;
    // Checked here, where the scope is known, so no mode can run a refused one.
    if (outcome.action === "tool_prompt" && !outcome.error) {
      const refused = toolPromptRefusal(core, record, outcome.toolName ?? "");
      if (refused !== undefined) outcome.error = refused;
    }
    if (outcome.action === "prompt" && !outcome.error && ranBy !== undefined) {
      const refused = ranPromptRefusal(core, record, command);
      if (refused !== undefined) outcome.error = refused;
    }
    return outcome;
  } catch (e) {
    let error = errorMessage(e);
    if (e instanceof RequestError && e.kind === "timeout") {
      error = `timeout waiting for ${ext}/${command}`;
    } else if (e instanceof RequestError && e.kind === "cancelled") error = "context canceled";
    return { ok: false, extension: ext, command, error };
  } finally {
    if (invited) record.panelInvites--;
  }
}
