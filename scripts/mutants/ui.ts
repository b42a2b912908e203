/**
 * Mutants for what an extension's command answers and panels can do: the strings of a
 * `command_response` made safe in the host, the status line and the editor as sinks that make
 * text safe themselves, the prompt answer of a command an extension ran (needs `submit`), the
 * panel header naming its extension, and the keyboard only for a panel the user asked for.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const COMMANDS = "src/extensions/host/commands.ts";
const HOST_COMMANDS_TEST = "tests/extensions/host/commands_test.ts";
const TUI_TEXT_TEST = "tests/tui/extension_text_test.ts";
const HOST_FOCUS_TEST = "tests/extensions/host/panel_focus_test.ts";
const TUI_FOCUS_TEST = "tests/modes/interactive/panel_focus_test.ts";
const PANEL_HOST_TEST = "tests/modes/interactive/panel_host_test.ts";

export const mutants: Mutant[] = [
  {
    id: "ui-host-clean-insert",
    protection: "the insert answer of a command is made safe before any UI sees it",
    file: COMMANDS,
    find: "outcome.insert = multiLine(reply.insert);",
    replace: "outcome.insert = reply.insert;",
    tests: [HOST_COMMANDS_TEST],
  },
  {
    id: "ui-host-clean-error",
    protection: "the error of a command answer is made safe, on one line",
    file: COMMANDS,
    find: 'outcome.error = safeText(reply.error) || "failed";',
    replace: "outcome.error = reply.error;",
    tests: [HOST_COMMANDS_TEST],
  },
  {
    id: "ui-host-action-as-sent",
    protection:
      "an action is compared as sent, so cleaning cannot turn an unknown one into a known",
    file: COMMANDS,
    find: "const known = COMMAND_ACTIONS.has(action);",
    replace: "const known = COMMAND_ACTIONS.has(safeText(action));",
    tests: [HOST_COMMANDS_TEST],
  },
  {
    id: "ui-status-bar-safe",
    protection: "the status line makes every message safe as it is set",
    file: "src/tui/components/status_bar.ts",
    find: "this.#message = safeText(text);",
    replace: "this.#message = text;",
    tests: [TUI_TEXT_TEST],
  },
  {
    id: "ui-editor-insert-safe",
    protection: "text inserted into the editor by code is made safe",
    file: "src/tui/components/prompt_editor.ts",
    find: "super.insertTextAtCursor(safeText(text, { lines: true }));",
    replace: "super.insertTextAtCursor(text);",
    tests: [TUI_TEXT_TEST],
  },
  {
    id: "ui-editor-settext-safe",
    protection: "text set into the editor by code (a queued prompt given back) is made safe",
    file: "src/tui/components/prompt_editor.ts",
    find: "super.setText(safeText(text, { lines: true }));",
    replace: "super.setText(text);",
    tests: [TUI_TEXT_TEST],
  },
  {
    id: "ui-ran-prompt-needs-submit",
    protection: "a command an extension ran through submit_slash answers a prompt only with submit",
    file: COMMANDS,
    find: 'if (outcome.action === "prompt" && !outcome.error && ranBy !== undefined) {',
    replace: "if (false) {",
    tests: ["tests/sandbox/submit_slash_prompt_test.ts"],
  },
  {
    id: "ui-ran-by-passed-on",
    protection: "the TUI tells the host which extension ran a command (submit_slash)",
    file: "src/modes/interactive/host_ui.ts",
    find: "this.#command(command, args, extension);",
    replace: "this.#command(command, args, undefined as unknown as string);",
    tests: ["tests/modes/interactive/act_for_user_test.ts"],
  },
  {
    id: "ui-panel-header-owner",
    protection: "a panel's header always names its extension, whatever the title",
    file: "src/tui/components/panel_view.ts",
    find: "const named = this.#title ? `[${this.#owner}] ${this.#title}` : `[${this.#owner}]`;",
    replace: "const named = this.#title || this.#owner;",
    tests: ["tests/tui/components_test.ts", TUI_FOCUS_TEST],
  },
  {
    id: "ui-panel-title-one-line",
    protection: "a panel title stays on the header row, so it cannot draw a row of its own",
    file: "src/tui/components/panel_view.ts",
    find: 'return sanitize(text).replaceAll("\\n", " ");',
    replace: "return sanitize(text);",
    tests: ["tests/tui/components_test.ts"],
  },
  {
    id: "ui-panel-focus-unasked",
    protection: "a panel opened while nothing the user asked for is in flight has no keyboard",
    file: "src/extensions/host/ui_frames.ts",
    find: "{ focus: record.panelInvites > 0 }",
    replace: "{ focus: true }",
    tests: [HOST_FOCUS_TEST, TUI_FOCUS_TEST],
  },
  {
    id: "ui-panel-focus-typed-only",
    protection: "only a command the user typed invites a panel to take the keyboard",
    file: COMMANDS,
    find: "const invited = ranBy === undefined;",
    replace: "const invited = true;",
    tests: [HOST_FOCUS_TEST],
  },
  {
    id: "ui-panel-focus-interactive-tool",
    protection: "an interactive tool's panel, opened while the call runs, takes the keyboard",
    file: "src/extensions/host/ext_tool.ts",
    find: "if (owner.interactive) record.panelInvites++;",
    replace: "",
    tests: ["tests/modes/interactive/tools_test.ts"],
  },
  {
    id: "ui-panel-focus-answer-ran",
    protection: "a panel answering a command an extension ran has no keyboard",
    file: "src/modes/interactive/commands/extension.ts",
    find: "{ focus: ranBy === undefined }",
    replace: "{ focus: true }",
    tests: [TUI_FOCUS_TEST],
  },
  {
    id: "ui-panel-keeps-same-owner",
    protection: "only the owner of the focused panel keeps the keyboard when it opens another",
    file: "src/modes/interactive/panel.ts",
    find: "const keeps = this.hasKeyboard && this.#view?.extension === extension;",
    replace: "const keeps = this.hasKeyboard;",
    tests: [PANEL_HOST_TEST],
  },
  {
    id: "ui-panel-input-needs-focus",
    protection: "a panel without the keyboard forwards no keys to its owner",
    file: "src/modes/interactive/panel.ts",
    find: "if (!view || !this.#focused) return;",
    replace: "if (!view) return;",
    tests: [PANEL_HOST_TEST],
  },
  {
    id: "ui-screen-panel-focus",
    protection: "the screen gives the keyboard to a panel only when it may have it",
    file: "src/modes/interactive/screen.ts",
    find: "const panel = this.#panelFocused ? this.#panel : undefined;",
    replace: "const panel = this.#panel;",
    tests: [TUI_FOCUS_TEST],
  },
  {
    id: "ui-status-command-text",
    protection: "the unknown action echoed on the status line is made safe",
    file: COMMANDS,
    find: "return `extension /${command}: unknown action ${safeText(outcome.action)}`;",
    replace: "return `extension /${command}: unknown action ${outcome.action}`;",
    tests: [HOST_COMMANDS_TEST],
  },
];
