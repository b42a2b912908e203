/**
 * The SDK's public value types. One naming rule: data is spelled as on the
 * wire. Every object that carries what the host sent or what goes back to it
 * (events, host info, interceptor requests and decisions, tool results,
 * command responses, content blocks) uses the protocol's snake_case field
 * names, as the Python SDK and the protocol documentation do. What is only
 * JavaScript (classes, methods, functions, handler context objects and the
 * options of SDK calls) is camelCase. Earlier camelCase data names
 * (`dataDir`, `toolName`, `isError`, …) still work as deprecated aliases.
 *
 * @module
 */

import type { ContentBlock, ImageBlock, TextBlock } from "../protocol/content.ts";
import type { JsonObject, PanelSpec } from "../protocol/frames.ts";

export type { ContentBlock, ImageBlock, JsonObject, PanelSpec, TextBlock };

/** What the host said about itself in `hello_ack`. */
export interface HostInfo {
  /** The protocol version the host speaks. */
  protocol_version: number;
  /** The host's zot version. */
  zot_version: string;
  /** The model provider of the session (e.g. `"anthropic"`). */
  provider: string;
  /** The model of the session. */
  model: string;
  /** The user's project directory (the extension runs from its own directory). */
  cwd: string;
  /** The extension's own directory. */
  extension_dir: string;
  /** Where to keep state; for sandboxed extensions the only writable place. */
  data_dir: string;
  /** Host capabilities, e.g. `"call_tool"`. */
  capabilities: string[];
  /** @deprecated Use `protocol_version`. */
  readonly protocolVersion: number;
  /** @deprecated Use `zot_version`. */
  readonly zotVersion: string;
  /** @deprecated Use `extension_dir`. */
  readonly extensionDir: string;
  /** @deprecated Use `data_dir`. */
  readonly dataDir: string;
}

/** Level of a `notify` note. */
export type NotifyLevel = "info" | "success" | "warn" | "error";

/**
 * The `tool_prompt` reply (build it with `toolPrompt`). An object written by
 * hand may still use the deprecated `toolName` / `toolArgs` instead.
 */
export interface ToolPromptResponse {
  /** Always `"tool_prompt"`. */
  action: "tool_prompt";
  /** Submitted after the tool ran. */
  prompt: string;
  /** The tool to run through the host's guards. */
  tool_name: string;
  /** Its arguments. */
  tool_args: JsonObject;
  /** @deprecated Use `tool_name`. */
  readonly toolName?: string;
  /** @deprecated Use `tool_args`. */
  readonly toolArgs?: JsonObject;
}

/** The reply to a slash command: one variant per `command_response` action. */
export type CommandResponse =
  | { action: "prompt"; prompt: string }
  | ToolPromptResponse
  | { action: "insert"; text: string }
  | { action: "display"; text: string }
  | { action: "open_panel"; panel: PanelSpec }
  | { action: "noop" }
  | { action: "error"; error: string };

/** A tool's answer. Failures are values: `is_error: true`. */
export interface ToolResult {
  /** What the model sees. */
  content: ContentBlock[];
  /** The tool failed; the model sees the content as an error. */
  is_error?: boolean;
  /** Deferred tools this result makes available to the model. */
  activate_tools?: string[];
  /** @deprecated Use `is_error`. */
  readonly isError?: boolean;
  /** @deprecated Use `activate_tools`. */
  readonly activateTools?: string[];
}

/** Options of {@linkcode ExtensionApi.callTool}. */
export interface CallToolOptions {
  /** Aborting sends `call_tool_cancel` and rejects the call. */
  signal?: AbortSignal;
  /** The host `tool_call` id this call is nested in (set for you by a tool's context). */
  parentId?: string;
  /** Defaults to the protocol's 60 s. */
  timeoutMs?: number;
}

/** The part of the extension handlers may use while they run. */
export interface ExtensionApi {
  /** Host info; throws before `hello_ack` arrived. */
  readonly host: HostInfo;
  /** Show a note in the host's status area. */
  notify(level: NotifyLevel, message: string): void;
  /** Clear this extension's notes. */
  clearNotes(): void;
  /** Submit text as a user prompt (interactive hosts only). */
  submit(text: string): void;
  /** Log a line to stderr (the extension's log file), prefixed with the name. */
  log(...parts: unknown[]): void;
  /** Run a tool through the host; tool failures resolve with `is_error`, transport failures reject. */
  callTool(name: string, args: JsonObject, options?: CallToolOptions): Promise<ToolResult>;
}

/** Given to a command handler. */
export interface CommandContext {
  /** Invocation id of `command_invoked`. */
  id: string;
  /** Canonical command name. */
  name: string;
  /** Aborted on shutdown or end of input. */
  signal: AbortSignal;
}

/** Given to a tool handler. */
export interface ToolContext {
  /** The host's `tool_call` id. */
  id: string;
  /** The tool's name as registered. */
  name: string;
  /** Aborted by `tool_cancel`, shutdown or end of input. */
  signal: AbortSignal;
  /** `callTool` with `parent_id` set to this call and this call's signal. */
  callTool(name: string, args: JsonObject, options?: CallToolOptions): Promise<ToolResult>;
}

/** Given to interceptors and event handlers. */
export interface HookContext {
  /** Aborted on shutdown or end of input. */
  signal: AbortSignal;
}

/** A value or a promise of it: handlers may be sync or async. */
export type MaybePromise<T> = T | Promise<T>;

/** Returning nothing is `noop()`: a command that only notifies need not build a response. */
export type CommandHandler = (
  args: string,
  ctx: CommandContext,
) => MaybePromise<CommandResponse | void>;
/** Returns a result, or a string for a one-block text result. */
export type ToolHandler = (
  args: JsonObject,
  ctx: ToolContext,
) => MaybePromise<ToolResult | string>;

/** How a tool is registered. */
export interface ToolSpec {
  /** The name the model calls it by. */
  name: string;
  /** What the model reads to decide when to call it. */
  description: string;
  /** JSON Schema of the args. Defaults to an empty object schema. */
  schema?: JsonObject;
  /** Registered but not advertised until a result names it in `activate_tools`. */
  deferred?: boolean;
  /** Waits for the user: no host reply deadline (interactive hosts only). */
  interactive?: boolean;
}
