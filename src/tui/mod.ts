/**
 * The terminal UI toolkit of zot: themed components on pi-tui (transcript,
 * notes, panels, dialogs, status bar), the slash autocomplete, key names
 * for panels and an in-memory terminal. A leaf: it imports only pi-tui.
 *
 * @module
 */

export * from "./ansi.ts";
export * from "./theme.ts";
export * from "./theme_file.ts";
export * from "./builtin_themes.ts";
export * from "./highlight.ts";
export * from "./markdown.ts";
export * from "./markdown_loader.ts";
export * from "./keys.ts";
export * from "./autocomplete.ts";
export * from "./memory_terminal.ts";
export * from "./flat_tui.ts";
export * from "./components/lines.ts";
export * from "./components/tool_block.ts";
export * from "./components/assistant_block.ts";
export * from "./components/transcript.ts";
export * from "./components/columns_block.ts";
export * from "./components/notes.ts";
export * from "./components/panel_view.ts";
export * from "./components/status_bar.ts";
export * from "./components/dialog.ts";
export * from "./components/secret_dialog.ts";
export * from "./components/prompt_editor.ts";
export * from "./components/queue_view.ts";
