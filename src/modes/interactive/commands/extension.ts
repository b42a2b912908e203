/**
 * Runs an extension's slash command and applies its `command_response`
 * (as the reference host does): prompt, tool_prompt, insert, display,
 * open_panel, noop. An error (or an unknown action) becomes the red status
 * line `extension /<cmd>: …` and nothing is applied.
 *
 * `ranBy` names the extension that ran the command through `submit_slash`; absent, the user typed
 * it. The host refuses a prompt answer to a command an extension ran without its `submit` grant,
 * and only a panel answering a command the user ran takes the keyboard.
 *
 * @module
 */

import { commandStatusText } from "../../../extensions/host/mod.ts";
import { toolPromptPrelude } from "../tool_prompt.ts";
import type { CommandContext } from "./types.ts";

export const COMMAND_ERROR_MS = 8000;

export async function runExtensionCommand(
  ctx: CommandContext,
  name: string,
  args: string,
  ranBy?: string,
): Promise<void> {
  const host = ctx.setup.host;
  if (!host) return;
  const outcome = await host.invokeCommand(name, args, ranBy === undefined ? {} : { ranBy });
  const error = commandStatusText(outcome);
  if (error !== undefined || !outcome.ok) {
    ctx.status.show(error ?? `extension /${name}: failed`, "error", COMMAND_ERROR_MS);
    return;
  }
  const { screen, controller } = ctx;
  switch (outcome.action) {
    case "prompt": {
      const text = outcome.prompt?.trim() ?? "";
      if (text !== "") controller.prompt(text);
      break;
    }
    case "tool_prompt": {
      const text = outcome.prompt?.trim() ?? "";
      if (!text || !outcome.toolName) {
        ctx.status.show(
          `extension /${outcome.command}: tool_prompt needs prompt and tool_name`,
          "error",
          COMMAND_ERROR_MS,
        );
        break;
      }
      const prelude = toolPromptPrelude(
        ctx.setup.agent,
        outcome.extension,
        outcome.toolName,
        outcome.toolArgs ?? {},
      );
      controller.prompt(text, { prelude });
      break;
    }
    case "insert":
      screen.editor.insertTextAtCursor(outcome.insert ?? "");
      break;
    case "display":
      // Shown as `[<command>]` (as upstream), in the transcript: the answer to a command the
      // user ran is part of the conversation's record and stays in the scrollback.
      if (outcome.display) screen.transcript.addExtensionText(outcome.command, outcome.display);
      break;
    case "open_panel":
      if (outcome.panel) {
        ctx.panel.open(outcome.extension, outcome.panel, { focus: ranBy === undefined });
      }
      break;
    default:
      // noop and "": nothing to do.
      break;
  }
  screen.render();
}
