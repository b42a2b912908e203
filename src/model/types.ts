/**
 * The conversation model shared below the agent: the transcript, tools, and
 * what a tool call returns. Providers, tools, the agent and the extension
 * host all speak it, so it sits in a leaf that imports only the protocol.
 * Tools (built-in and extension) implement {@linkcode Tool}; the loop knows
 * nothing else about them.
 *
 * @module
 */

import type { ContentBlock, ImageBlock, TextBlock } from "../protocol/content.ts";
import type { JsonObject } from "../protocol/frames.ts";
import type { StopReason } from "../protocol/events.ts";

/** A proposed tool call inside an assistant message. */
export interface ToolCallBlock {
  type: "tool_call";
  id: string;
  name: string;
  /** Parsed args; `{}` when the model gave none. */
  args: JsonObject;
  /** Raw text when the model's args were not valid JSON. */
  args_raw?: string;
}

/** One tool's answer inside a tool message. */
export interface ToolResultBlock {
  type: "tool_result";
  call_id: string;
  name: string;
  is_error: boolean;
  content: ContentBlock[];
}

/** Token usage of one model response. */
export interface Usage {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
  cost_usd: number;
}

export interface UserMessage {
  role: "user";
  content: (TextBlock | ImageBlock)[];
  time?: string;
  meta?: Record<string, string>;
}
export interface AssistantMessage {
  role: "assistant";
  content: (TextBlock | ToolCallBlock)[];
  stop?: StopReason;
  error?: string;
  usage?: Usage;
  model?: string;
  time?: string;
  meta?: Record<string, string>;
}
export interface ToolMessage {
  role: "tool";
  content: ToolResultBlock[];
  time?: string;
}
export type Message = UserMessage | AssistantMessage | ToolMessage;

/** How a tool call ended, beyond is_error (drives `tool_result.status`). */
export type ToolOutcome = "cancelled" | "timed_out" | "blocked";

/** What a tool returns. Expected failures are values, never throws. */
export interface ToolResult {
  content: ContentBlock[];
  isError?: boolean;
  /** Deferred tool names this result activates. */
  activateTools?: string[];
  /** Set for cancellation, timeout and tool-local policy refusal. */
  outcome?: ToolOutcome;
  /** Private details (e.g. `{extension, tool}` attribution); never exported to events. */
  details?: Record<string, unknown>;
}

/** Everything a tool may use while it runs. */
export interface ToolContext {
  /** The session's working directory. */
  cwd: string;
  /** Aborted on cancellation (Esc, SIGINT, call_tool_cancel, parent cancel). */
  signal: AbortSignal;
  /** The transcript tool-call id (or `ext-call-<n>` for extension-made calls). */
  callId: string;
  /** Extension that made the call via `call_tool`, if any. */
  origin?: string;
  /** Tool names from the originating call down to this one (call_tool chains). */
  chain: string[];
  /** Whether an interactive host (the TUI) is attached: interactive tools need one. */
  interactive: boolean;
  /** Streams progress text (RPC `tool_progress`); optional. */
  progress?: (text: string) => void;
}

/** A tool the model (or an extension via call_tool) can run. */
export interface Tool {
  name: string;
  description: string;
  /** JSON Schema object of the args. */
  schema: JsonObject;
  /** Hidden from the model until a result names it in `activateTools`. */
  deferred?: boolean;
  /** Waits for the user: no reply deadline, and only in an interactive host. */
  interactive?: boolean;
  /** Who provides it, for attribution ("builtin" or the extension name). */
  source?: string;
  execute(args: JsonObject, ctx: ToolContext): Promise<ToolResult>;
}

/** A tool spec as sent to a provider. */
export interface ToolSpec {
  name: string;
  description: string;
  schema: JsonObject;
}

/** Options for a call made on behalf of an extension (`call_tool`). */
export interface ExternalCallOptions {
  origin: string;
  signal: AbortSignal;
  chain: string[];
}

/**
 * Runs a tool through the active agent's registry, guards and confirmation
 * policy without touching the transcript. The agent implements it; the
 * extension host uses it for `call_tool` and `tool_prompt`.
 */
export interface ToolCaller {
  callTool(name: string, args: JsonObject, options: ExternalCallOptions): Promise<ToolResult>;
}
