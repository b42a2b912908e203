/**
 * Builders for command responses and tool results, and their one conversion
 * to wire frames.
 *
 * @module
 */

import type { ContentBlock, ImageBlock, TextBlock } from "../protocol/content.ts";
import type {
  CommandResponseFrame,
  ExtToolResultFrame,
  HostToolResultFrame,
  JsonObject,
  PanelSpec,
} from "../protocol/frames.ts";
import { isJsonObject } from "../protocol/validate.ts";
import { TOOL_RESULT_ALIASES, withAliases } from "./aliases.ts";
import type { CommandResponse, ToolPromptResponse, ToolResult } from "./types.ts";

/**
 * Submit `text` as a fresh user message.
 *
 * @example
 * ```ts
 * import { prompt } from "./mod.ts";
 * const r = prompt("Greet me in one sentence.");
 * if (r.action !== "prompt") throw new Error("unexpected action");
 * ```
 */
export function prompt(text: string): CommandResponse {
  return { action: "prompt", prompt: text };
}

/**
 * Run `toolName` with `args` through the host's guards, record the call and
 * its result, then submit `text`. An empty name or prompt is an error response.
 *
 * @example
 * ```ts
 * import { toolPrompt } from "./mod.ts";
 * const r = toolPrompt("skill", { name: "developer:commit" }, "and push");
 * if (r.action !== "tool_prompt" || r.tool_name !== "skill") throw new Error("unexpected");
 * ```
 */
export function toolPrompt(toolName: string, args: JsonObject, text: string): CommandResponse {
  if (toolName === "" || text === "") {
    return errorResponse("tool_prompt requires a name and prompt");
  }
  // Guards plain-JavaScript callers; TypeScript already demands an object.
  if (!isJsonObject(args)) return errorResponse("tool_prompt args must be a JSON object");
  const response: ToolPromptResponse = withAliases({
    action: "tool_prompt" as const,
    prompt: text,
    tool_name: toolName,
    tool_args: args,
  }, { toolName: "tool_name", toolArgs: "tool_args" });
  return response;
}

/** Insert `text` into the editor without submitting it. */
export function insert(text: string): CommandResponse {
  return { action: "insert", text };
}

/** Show `text` as a one-shot note; no model call, nothing in the transcript. */
export function display(text: string): CommandResponse {
  return { action: "display", text };
}

/** Open an extension-owned panel (see {@linkcode Panel} for its keys). */
export function openPanel(panel: PanelSpec): CommandResponse {
  return { action: "open_panel", panel };
}

/** The command was handled; change nothing in the UI. */
export function noop(): CommandResponse {
  return { action: "noop" };
}

/** Report a failure as a red status line. */
export function errorResponse(message: string): CommandResponse {
  return { action: "error", error: message };
}

/** A text block. */
export function text(value: string): TextBlock {
  return { type: "text", text: value };
}

/** An image block from base64 (standard alphabet) data. */
export function image(mimeType: string, base64: string): ImageBlock {
  return { type: "image", mime_type: mimeType, data: base64 };
}

/** An image block from raw bytes. */
export function imageBytes(mimeType: string, bytes: Uint8Array): ImageBlock {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return image(mimeType, btoa(binary));
}

/**
 * A successful one-block text result.
 *
 * @example
 * ```ts
 * import { textResult } from "./mod.ts";
 * const r = textResult("Berlin: 16°C, fog", { activateTools: ["forecast"] });
 * if (r.is_error || r.activate_tools?.[0] !== "forecast") throw new Error("unexpected");
 * ```
 */
export function textResult(value: string, options: TextResultOptions = {}): ToolResult {
  const result: PlainResult = {
    content: [text(value)],
  };
  if (options.activateTools) result.activate_tools = options.activateTools;
  return withAliases(result, TOOL_RESULT_ALIASES);
}

/** A tool result as built here, before the deprecated aliases are added. */
type PlainResult = Omit<ToolResult, keyof typeof TOOL_RESULT_ALIASES>;

/** Options of {@linkcode textResult}. */
export interface TextResultOptions {
  /** Deferred tools the result makes available (its `activate_tools`). */
  activateTools?: string[];
}

/** A failed one-block text result (the model sees it as a tool error). */
export function errorResult(value: string): ToolResult {
  const result: PlainResult = {
    content: [text(value)],
    is_error: true,
  };
  return withAliases(result, TOOL_RESULT_ALIASES);
}

/** The `command_response` frame for `response`. */
export function commandResponseFrame(id: string, response: CommandResponse): CommandResponseFrame {
  const frame: CommandResponseFrame = { type: "command_response", id, action: response.action };
  switch (response.action) {
    case "prompt":
      frame.prompt = response.prompt;
      break;
    case "tool_prompt":
      frame.prompt = response.prompt;
      // A response written by hand may still use the old camelCase names.
      frame.tool_name = response.tool_name ?? response.toolName;
      frame.tool_args = response.tool_args ?? response.toolArgs;
      break;
    case "insert":
      frame.insert = response.text;
      break;
    case "display":
      frame.display = response.text;
      break;
    case "open_panel":
      frame.open_panel = response.panel;
      break;
    case "noop":
      break;
    case "error":
      // The wire has no error action: an error rides on a noop.
      frame.action = "noop";
      frame.error = response.error;
      break;
  }
  return frame;
}

/** A handler's return value in words, for the error that names it. */
function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

const ACTIONS: ReadonlySet<unknown> = new Set<CommandResponse["action"]>([
  "prompt",
  "tool_prompt",
  "insert",
  "display",
  "open_panel",
  "noop",
  "error",
]);

/**
 * Normalise what command `name`'s handler returned. Extensions run without a
 * type check, so a handler may return anything: nothing means `noop` (as in
 * the Python SDK), anything else that is not a response becomes an error
 * naming the fix, never a frame the SDK cannot build.
 */
export function toCommandResponse(value: unknown, name: string): CommandResponse {
  if (value === undefined || value === null) return noop();
  if (typeof value === "object" && ACTIONS.has((value as { action?: unknown }).action)) {
    return value as CommandResponse;
  }
  return errorResponse(
    `/${name} returned ${describe(value)} instead of a response: return display(text), ` +
      `prompt(text), insert(text), noop() or another builder`,
  );
}

/**
 * Normalise what tool `name`'s handler returned: a string is a text result,
 * nothing an empty one (as in the Python SDK), anything else that is not a
 * `ToolResult` an error result naming the fix.
 */
export function toToolResult(value: unknown, name: string): ToolResult {
  if (typeof value === "string") return textResult(value);
  if (value === undefined || value === null) return textResult("");
  if (typeof value === "object" && Array.isArray((value as { content?: unknown }).content)) {
    return value as ToolResult;
  }
  return errorResult(
    `tool "${name}" returned ${describe(value)} instead of a result: return a string or ` +
      `textResult(text)`,
  );
}

/** The `tool_result` frame answering a host `tool_call`. */
export function toolResultFrame(id: string, result: ToolResult): ExtToolResultFrame {
  const frame: ExtToolResultFrame = { type: "tool_result", id, content: result.content };
  // A result written by hand may still use the old camelCase names.
  if (result.is_error ?? result.isError) frame.is_error = true;
  const activate = result.activate_tools ?? result.activateTools;
  if (activate?.length) frame.activate_tools = activate;
  return frame;
}

/** Marker appended when the host shortened a `call_tool` result. */
export const TRUNCATED_NOTE = "[tool result truncated by host]";

/** A host `tool_result` (answer to `call_tool`) as a {@linkcode ToolResult}. */
export function fromHostResult(frame: HostToolResultFrame): ToolResult {
  const content: ContentBlock[] = [...frame.content];
  if (frame.truncated) content.push(text(TRUNCATED_NOTE));
  const result: PlainResult = {
    content,
    is_error: frame.is_error,
  };
  return withAliases(result, TOOL_RESULT_ALIASES);
}
