/**
 * The names zot itself owns, as plain lists, for the extension host of every
 * mode and for `zot ext doctor`: an extension command or tool spelled like
 * one is reported as shadowed (a diagnostic and a line in the extension's
 * log) instead of showing as active while the built-in wins. Plain data, so
 * neither needs the TUI or the tools' code; a test keeps the command list
 * equal to the TUI's dispatch table (src/modes/interactive/commands).
 *
 * @module
 */

import { BUILTIN_TOOL_NAMES, SUBAGENT_TOOL_NAME } from "../../tools/names.ts";

/** The TUI's built-in slash commands, with the `/quit` alias (matched case-insensitively). */
export const BUILTIN_COMMAND_NAMES: readonly string[] = [
  "help",
  "model",
  "clear",
  "new",
  "compact",
  "reload-ext",
  "jail",
  "unjail",
  "sandbox",
  "yolo",
  "skills",
  "sessions",
  "theme",
  "tools",
  "login",
  "exit",
  "quit",
];

/** Every tool zot can provide itself (a run may offer fewer: `--tools`, no skills). */
export const ALL_BUILTIN_TOOL_NAMES: readonly string[] = [
  ...BUILTIN_TOOL_NAMES,
  SUBAGENT_TOOL_NAME,
];
