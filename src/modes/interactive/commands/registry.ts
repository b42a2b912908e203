/**
 * Slash command dispatch (host-behavior.md §5.7): built-ins first, then
 * extension commands (case-insensitive, run in the background
 * so the editor stays usable), else `unknown command`.
 *
 * @module
 */

import type { CommandEntry } from "../../../tui/mod.ts";
import { errorMessage } from "../../../errors.ts";
import { reloadExt } from "../reload.ts";
import { clear, compact, exit, newSession, sessions } from "./conversation.ts";
import { help, skills, tools } from "./info.ts";
import { jail, model, theme, unjail, yolo } from "./settings.ts";
import { runExtensionCommand } from "./extension.ts";
import type { BuiltinCommand, CommandContext } from "./types.ts";

/** Built-ins in the order the menu shows them. */
export const BUILTINS: readonly BuiltinCommand[] = [
  help,
  model,
  clear,
  newSession,
  compact,
  reloadExt,
  jail,
  unjail,
  yolo,
  skills,
  sessions,
  theme,
  tools,
  exit,
];

export function builtinEntries(): CommandEntry[] {
  return BUILTINS.map((c) => ({ name: c.name, description: c.description }));
}

/** Splits `/name args` (the name ends at the first whitespace). */
export function parseSlash(text: string): { name: string; args: string } {
  const body = text.trim().slice(1);
  const space = body.search(/\s/);
  return space === -1
    ? { name: body, args: "" }
    : { name: body.slice(0, space), args: body.slice(space + 1).trim() };
}

/** Runs a `/command` line; resolves when a built-in finishes (extension commands run on). */
export async function dispatchSlash(ctx: CommandContext, text: string): Promise<void> {
  const { name, args } = parseSlash(text);
  // Built-in names are lower case; matching them case-insensitively keeps an
  // extension command spelled like one (hidden from the menu) from running.
  const lower = name.toLowerCase();
  const builtin = BUILTINS.find((c) => c.name === lower) ?? (lower === "quit" ? exit : undefined);
  if (builtin) {
    try {
      await builtin.run(ctx, args);
    } catch (e) {
      ctx.status.show(`/${name}: ${errorMessage(e)}`, "error", 5000);
    }
    return;
  }
  if (ctx.setup.host?.hasCommand(name)) {
    void runExtensionCommand(ctx, name, args);
    return;
  }
  ctx.status.show(`unknown command /${name} — type /help to see the list`, "error", 5000);
}
