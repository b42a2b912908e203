/**
 * Slash command dispatch (as the reference host does): built-ins first, then
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
import { login } from "./login.ts";
import { sandbox } from "./sandbox.ts";
import { runExtensionCommand } from "./extension.ts";
import { stoppedOwnerOf, stoppedText } from "../stopped_extensions.ts";
import type { BuiltinCommand, CommandContext } from "./types.ts";

/**
 * Built-ins in the order the menu shows them: the one table of their names
 * and aliases for dispatch, the menu and `/help` (an extension command
 * spelled like any of them is hidden and never runs).
 */
export const BUILTINS: readonly BuiltinCommand[] = [
  help,
  model,
  login,
  clear,
  newSession,
  compact,
  reloadExt,
  jail,
  unjail,
  sandbox,
  yolo,
  skills,
  sessions,
  theme,
  tools,
  exit,
];

export function builtinEntries(): CommandEntry[] {
  return BUILTINS.map((c) => ({ name: c.name, description: c.description, aliases: c.aliases }));
}

/** The built-in `name` runs (any case, aliases too), if any. */
export function findBuiltin(name: string): BuiltinCommand | undefined {
  const lower = name.toLowerCase();
  return BUILTINS.find((c) => c.name === lower || c.aliases?.includes(lower));
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
  // Case-insensitive: an extension command spelled like a built-in (hidden
  // from the menu) never runs.
  const builtin = findBuiltin(name);
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
  // Its extension stopped: say so, not "unknown".
  const owner = stoppedOwnerOf(ctx.setup.host?.status() ?? [], name);
  if (owner) {
    ctx.status.show(`/${name}: ${stoppedText(owner)}`, "error", 8000);
    return;
  }
  ctx.status.show(`unknown command /${name} — type /help to see the list`, "error", 5000);
}
