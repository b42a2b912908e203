/**
 * The SDK's public value types. They use camelCase; the wire keeps snake_case
 * and the conversion happens in one place (results.ts, interceptors.ts).
 *
 * @module
 */

import type { ContentBlock } from "../protocol/content.ts";
import type { JsonObject, PanelSpec } from "../protocol/frames.ts";

export type { ContentBlock, JsonObject, PanelSpec };

/** What the host said about itself in `hello_ack`. */
export interface HostInfo {
  protocolVersion: number;
  zotVersion: string;
  provider: string;
  model: string;
  /** The user's project directory (the extension runs from its own directory). */
  cwd: string;
  extensionDir: string;
  /** Where to keep state; for sandboxed extensions the only writable place. */
  dataDir: string;
  /** Host capabilities, e.g. `"call_tool"`. */
  capabilities: string[];
}

/** Level of a `notify` note. */
export type NotifyLevel = "info" | "success" | "warn" | "error";

/** The reply to a slash command: one variant per `command_response` action. */
export type CommandResponse =
  | { action: "prompt"; prompt: string }
  | { action: "tool_prompt"; prompt: string; toolName: string; toolArgs: JsonObject }
  | { action: "insert"; text: string }
  | { action: "display"; text: string }
  | { action: "open_panel"; panel: PanelSpec }
  | { action: "noop" }
  | { action: "error"; error: string };

/** A tool's answer. Failures are values: `isError: true`. */
export interface ToolResult {
  content: ContentBlock[];
  isError?: boolean;
  /** Deferred tools this result makes available to the model. */
  activateTools?: string[];
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
  notify(level: NotifyLevel, message: string): void;
  clearNotes(): void;
  /** Submit text as a user prompt (interactive hosts only). */
  submit(text: string): void;
  /** Log a line to stderr (the extension's log file), prefixed with the name. */
  log(...parts: unknown[]): void;
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

export type MaybePromise<T> = T | Promise<T>;

/** Returning nothing is `noop()`: a command that only notifies need not build a response. */
export type CommandHandler = (
  args: string,
  ctx: CommandContext,
) => MaybePromise<CommandResponse | void>;
export type ToolHandler = (
  args: JsonObject,
  ctx: ToolContext,
) => MaybePromise<ToolResult | string>;

/** How a tool is registered. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the args. Defaults to an empty object schema. */
  schema?: JsonObject;
  /** Registered but not advertised until a result names it in `activateTools`. */
  deferred?: boolean;
  /** Waits for the user: no host reply deadline (interactive hosts only). */
  interactive?: boolean;
}
