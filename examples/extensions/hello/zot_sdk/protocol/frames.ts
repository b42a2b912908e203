/**
 * Wire frames as discriminated unions, with the direction in the name.
 * Field names are exactly as on the wire (snake_case) so every existing zot
 * extension keeps working; docs/extensions.md describes every frame.
 *
 * @module
 */

import type { ContentBlock, ReceivedBlock } from "./content.ts";

/** Panel contents, as in `open_panel` and `panel_render`. */
export interface PanelSpec {
  /** The panel's id, unique within the extension. */
  id: string;
  /** Shown in the panel's border. */
  title?: string;
  /** The body, one entry per line. */
  lines?: string[];
  /** A hint line below the body (e.g. the keys it takes). */
  footer?: string;
}

/** JSON object arguments (tool args, `modified_args`). */
export type JsonObject = Record<string, unknown>;

// ---------------------------------------------------------------------------
// Extension → host

export interface HelloFrame {
  type: "hello";
  name: string;
  version?: string;
  capabilities?: string[];
}
export interface RegisterCommandFrame {
  type: "register_command";
  name: string;
  description?: string;
}
export interface RegisterToolFrame {
  type: "register_tool";
  name: string;
  description?: string;
  /** JSON Schema of the args; only checked to be JSON. */
  schema?: unknown;
  deferred?: boolean;
  interactive?: boolean;
}
export interface SubscribeFrame {
  type: "subscribe";
  events?: string[];
  intercept?: string[];
}
export interface ReadyFrame {
  type: "ready";
}
export type CommandAction =
  | "prompt"
  | "tool_prompt"
  | "insert"
  | "display"
  | "open_panel"
  | "noop"
  | "";
export interface CommandResponseFrame {
  type: "command_response";
  id: string;
  /** Kept as a string: unknown actions are reported, not rejected at the boundary. */
  action?: string;
  prompt?: string;
  tool_name?: string;
  tool_args?: JsonObject;
  insert?: string;
  display?: string;
  open_panel?: PanelSpec;
  error?: string;
}
export interface ExtToolResultFrame {
  type: "tool_result";
  id: string;
  /** Typed per block at the boundary; an unknown block stays in place as an `UnknownBlock`. */
  content?: ReceivedBlock[];
  is_error?: boolean;
  activate_tools?: string[];
}
export interface EventInterceptResponseFrame {
  type: "event_intercept_response";
  id: string;
  block?: boolean;
  reason?: string;
  modified_args?: JsonObject;
  /** Set by the parser: `modified_args` was sent but is not a JSON object (nor null). */
  modified_args_invalid?: true;
  replace_text?: string;
  /** `""` is a replacement (it removes the prompt); see `system_prompt_invalid`. */
  system_prompt?: string;
  /** Set by the parser: `system_prompt` was sent but is not a string (`null` included). */
  system_prompt_invalid?: true;
  /** Set by the parser: encoded length of any sent `system_prompt`, for the 1 MiB rule. */
  system_prompt_bytes?: number;
}
export interface CallToolFrame {
  type: "call_tool";
  id: string;
  name: string;
  /** Parsed: absent when missing or not a JSON object (the host answers with a refusal). */
  args?: JsonObject;
  parent_id?: string;
}
export interface CallToolCancelFrame {
  type: "call_tool_cancel";
  id: string;
}
export type NotifyLevel = "info" | "success" | "warn" | "error";
export interface NotifyFrame {
  type: "notify";
  /** Unknown levels are shown as info. */
  level?: string;
  message: string;
}
export interface ClearNotesFrame {
  type: "clear_notes";
}
export interface SubmitFrame {
  type: "submit";
  text: string;
}
export interface SubmitSlashFrame {
  type: "submit_slash";
  text: string;
}
export interface OpenPanelFrame {
  type: "open_panel";
  panel: PanelSpec;
}
export interface PanelRenderFrame {
  type: "panel_render";
  panel_id: string;
  title?: string;
  lines?: string[];
  footer?: string;
}
export interface ExtPanelCloseFrame {
  type: "panel_close";
  panel_id: string;
}
export interface ShutdownAckFrame {
  type: "shutdown_ack";
}

/** Every frame an extension may send. */
export type ExtToHostFrame =
  | HelloFrame
  | RegisterCommandFrame
  | RegisterToolFrame
  | SubscribeFrame
  | ReadyFrame
  | CommandResponseFrame
  | ExtToolResultFrame
  | EventInterceptResponseFrame
  | CallToolFrame
  | CallToolCancelFrame
  | NotifyFrame
  | ClearNotesFrame
  | SubmitFrame
  | SubmitSlashFrame
  | OpenPanelFrame
  | PanelRenderFrame
  | ExtPanelCloseFrame
  | ShutdownAckFrame;

export type ExtToHostType = ExtToHostFrame["type"];

// ---------------------------------------------------------------------------
// Host → extension

export interface HelloAckFrame {
  type: "hello_ack";
  protocol_version: number;
  capabilities?: string[];
  zot_version: string;
  provider: string;
  model: string;
  cwd: string;
  extension_dir?: string;
  data_dir?: string;
}
export interface CommandInvokedFrame {
  type: "command_invoked";
  id: string;
  name: string;
  args?: string;
}
export interface ToolCallFrame {
  type: "tool_call";
  id: string;
  name: string;
  args: JsonObject;
}
export interface ToolCancelFrame {
  type: "tool_cancel";
  id: string;
}
export interface HostToolResultFrame {
  type: "tool_result";
  id: string;
  name: string;
  content: ContentBlock[];
  is_error: boolean;
  truncated?: boolean;
}
/** A lifecycle notification; payload fields depend on `event` (see events.ts). */
export interface EventFrame {
  /** Always `"event"`. */
  type: "event";
  /** The lifecycle event's name. */
  event: string;
  /** The event's fields, by name. */
  [field: string]: unknown;
}
export interface EventInterceptFrame {
  type: "event_intercept";
  id: string;
  event: string;
  [field: string]: unknown;
}
export interface PanelKeyFrame {
  type: "panel_key";
  panel_id: string;
  key: PanelKeyName;
  text?: string;
}
export interface HostPanelCloseFrame {
  type: "panel_close";
  panel_id: string;
}
export interface ShutdownFrame {
  type: "shutdown";
}

/** Key names sent in `panel_key`. */
export type PanelKeyName =
  | "up"
  | "down"
  | "left"
  | "right"
  | "enter"
  | "esc"
  | "tab"
  | "pageup"
  | "pagedown"
  | "home"
  | "end"
  | "backspace"
  | "delete"
  | "rune"
  | "unknown";

/** Every frame the host may send. */
export type HostToExtFrame =
  | HelloAckFrame
  | CommandInvokedFrame
  | ToolCallFrame
  | ToolCancelFrame
  | HostToolResultFrame
  | EventFrame
  | EventInterceptFrame
  | PanelKeyFrame
  | HostPanelCloseFrame
  | ShutdownFrame;

export type HostToExtType = HostToExtFrame["type"];

/** Hello capabilities the host acts on (exact, case-sensitive). */
export const CAP_TOOL_CANCEL = "tool_cancel";
export const CAP_CALL_TOOL = "call_tool";

/** Events that can be intercepted; other names in `intercept` are ignored. */
export const INTERCEPTABLE_EVENTS = [
  "before_agent_start",
  "tool_call",
  "turn_start",
  "assistant_message",
] as const;
export type InterceptableEvent = typeof INTERCEPTABLE_EVENTS[number];

/** Lifecycle event names the protocol defines. Unknown names are still accepted. */
export const LIFECYCLE_EVENTS = [
  "session_start",
  "session_end",
  "user_prompt_submit",
  "turn_start",
  "turn_end",
  "tool_call",
  "tool_result",
  "tool_confirmation_requested",
  "permission_decision",
  "assistant_message",
  "pre_compact",
  "post_compact",
  "subagent_start",
  "subagent_stop",
] as const;
/** A lifecycle event name this protocol version defines. */
export type LifecycleEventName = typeof LIFECYCLE_EVENTS[number];

/** Compile-time exhaustiveness check for `switch (frame.type)`. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled frame: ${JSON.stringify(value)}`);
}
