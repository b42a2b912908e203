/**
 * What an extension puts in front of the agent in the user's name: `submit`
 * (a prompt), `submit_slash` (a command) and the `tool_prompt` answer to a
 * command (a tool run as the user before the model's turn).
 *
 * Two rules make the dangerous cases impossible rather than filtered:
 *
 * - `submit_slash` is resolved here, against the extension command registry
 *   only, and the UI is handed the resolved command, never the text. The
 *   built-in commands (`/yolo`, `/jail`, `/model`, …) live in the mode's own
 *   table, which this path cannot reach; a built-in added later is out of
 *   reach just the same. `submit` text is always a prompt, never a command.
 * - A sandboxed extension needs its scope's `submit`, `submit_slash` and
 *   `tool_prompt` grants; `tool_prompt` reaches only the tools `call_tool`
 *   lists, and `submit_slash` only the extension's own commands (running
 *   another extension's command would borrow that extension's privileges).
 *   A command run that way answers with a prompt only with the `submit` grant.
 *
 * Refusals are reported through {@linkcode reportRefusal}.
 *
 * @module
 */

import type { SubmitFrame, SubmitSlashFrame } from "../../protocol/frames.ts";
import { allowsSubmit, allowsSubmitSlash, allowsToolPrompt } from "../../scope/allows.ts";
import { refusalMessage } from "../../scope/refusal.ts";
import type { HostUi } from "../ui.ts";
import type { ExtensionRecord } from "./record.ts";
import type { Registry } from "./registry.ts";
import { type RefusalSink, reportRefusal, shown } from "./refusals.ts";

/**
 * What the submit paths touch: the extension command index (never the built-in commands, which
 * are not in it), the UI's submit and run-command entries, and refusal reporting.
 */
export interface SubmitHost extends RefusalSink {
  readonly registry: Pick<Registry, "command">;
  readonly ui: Pick<HostUi, "submit" | "runCommand" | "warn">;
}

/** `submit`: a prompt in the user's name. The text is never read as a command. */
export function handleSubmit(core: SubmitHost, record: ExtensionRecord, frame: SubmitFrame): void {
  const text = frame.text.trim();
  if (text === "") return;
  if (record.scope && !allowsSubmit(record.scope)) {
    return reportRefusal(core, record, refusalMessage(record.name, "submit", text));
  }
  core.ui.submit(record.name, text);
}

/** Splits `/name args` (the name ends at the first whitespace). */
function splitSlash(text: string): { name: string; args: string } {
  const body = text.slice(1);
  const space = body.search(/\s/);
  return space === -1
    ? { name: body, args: "" }
    : { name: body.slice(0, space), args: body.slice(space + 1).trim() };
}

/** `submit_slash`: runs an extension command, and nothing else, as if typed. */
export function handleSubmitSlash(
  core: SubmitHost,
  record: ExtensionRecord,
  frame: SubmitSlashFrame,
): void {
  const text = frame.text.trim();
  if (!text.startsWith("/")) {
    return reportRefusal(
      core,
      record,
      `extension "${record.name}" sent submit_slash "${
        shown(text)
      }", which is not a slash command (send "/<command> [args]")`,
    );
  }
  const { name, args } = splitSlash(text);
  const slash = shown(`/${name}`);
  if (record.scope && !allowsSubmitSlash(record.scope)) {
    return reportRefusal(core, record, refusalMessage(record.name, "submit_slash", slash));
  }
  // Only the extension registry: built-ins are never in it (a registration
  // spelled like one is kept out as shadowed), so they cannot be reached.
  const command = core.registry.command(name);
  if (!command) {
    return reportRefusal(
      core,
      record,
      `extension "${record.name}" sent submit_slash "${slash}", which is not an extension command (extensions may run only extension commands, never zot's own)`,
    );
  }
  if (record.scope && command.extension !== record.name) {
    return reportRefusal(
      core,
      record,
      `extension "${record.name}" sent submit_slash "${slash}", a command of extension "${command.extension}" (a sandboxed extension may run only its own commands)`,
    );
  }
  core.ui.runCommand(record.name, command.name, args);
}

/**
 * Why the `prompt` answer of `record`'s command `command`, run by an extension through
 * `submit_slash` rather than typed by the user, may not reach the model, or undefined when it
 * may. Otherwise `submit_slash` would be `submit` by another name. Plain extensions are not
 * restricted, as upstream.
 */
export function ranPromptRefusal(
  core: RefusalSink,
  record: ExtensionRecord,
  command: string,
): string | undefined {
  if (!record.scope || allowsSubmit(record.scope)) return undefined;
  const message = refusalMessage(record.name, "submit_slash_prompt", shown(`/${command}`));
  reportRefusal(core, record, message);
  return message;
}

/**
 * Why a `tool_prompt` answer from `record` may not run `tool`, or undefined
 * when it may. Plain extensions are not restricted, as upstream; the tool
 * still goes through the user's confirmation like any call.
 */
export function toolPromptRefusal(
  core: RefusalSink,
  record: ExtensionRecord,
  tool: string,
): string | undefined {
  const scope = record.scope;
  if (!scope || allowsToolPrompt(scope, tool)) return undefined;
  const message = refusalMessage(
    record.name,
    scope.toolPrompt ? "tool_prompt_tool" : "tool_prompt",
    shown(tool),
  );
  reportRefusal(core, record, message);
  return message;
}
