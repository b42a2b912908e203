/**
 * The zot extension SDK for TypeScript. An extension is a program that talks
 * to zot over stdin/stdout in newline-delimited JSON; this SDK speaks the
 * protocol for you: it sends `hello`, waits for `hello_ack`, announces your
 * commands, tools and subscriptions, sends `ready`, then dispatches the
 * host's frames to your handlers. It has no dependencies and runs inside
 * zot's sandbox (it needs no env, net or run permission).
 *
 * A complete extension (`main.ts`, with `"exec": "./main.ts"` in its
 * `extension.json`; in a scaffolded extension the import is
 * `./zot_sdk/sdk/mod.ts`):
 *
 * ```ts
 * import { display, Extension, prompt, textResult } from "./mod.ts";
 *
 * const ext = new Extension("hello", "1.0.0");
 *
 * ext.command("hello", "say hi", (args) =>
 *   args ? prompt(`Greet ${args} in one short sentence.`) : display("Hello!"));
 *
 * ext.tool({
 *   name: "shout",
 *   description: "Upper-case a text.",
 *   schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
 * }, (args) => textResult(String(args.text).toUpperCase()));
 *
 * ext.on("turn_start", (event) => ext.log("turn", event.step));
 *
 * // A sandboxed entry is not the worker's main module: call run() unconditionally.
 * await ext.run();
 * ```
 *
 * One naming rule: data is spelled as on the wire. Events, `ext.host`,
 * interceptor requests and decisions, tool results and command responses use
 * the protocol's snake_case field names (`event.tool_name`, `ext.host.data_dir`,
 * `call.tool_args`, `{ modified_args }`, `result.is_error`); what is only
 * JavaScript (classes, methods, functions, handler `ctx` objects and the
 * options of SDK calls, such as `textResult(s, { activateTools })`) is
 * camelCase. The camelCase data names of earlier versions (`host.dataDir`,
 * `call.toolName`, `result.isError`, …) still work as deprecated aliases.
 *
 * Importing the SDK sends `console.log`, `console.info` and `console.debug`
 * to stderr (zot's log file for the extension), because stdout carries
 * frames only.
 *
 * @module
 */

export { DEFAULT_CAPABILITIES, Extension } from "./extension.ts";
export type { EventHandler, ExtensionOptions } from "./extension.ts";
export type {
  AnyEvent,
  EventFrame,
  EventMeta,
  EventOf,
  EventResult,
  LifecycleEvent,
  LifecycleEventName,
  Origin,
  PermissionDecision,
  PermissionSource,
  PermissionStage,
  RunStatus,
  StopReason,
  ToolStatus,
} from "./events.ts";
export { LIFECYCLE_EVENTS } from "./events.ts";
export type {
  AssistantMessageDecision,
  AssistantMessageInterceptor,
  BeforeAgentStartInterceptor,
  BeforeAgentStartRequest,
  ToolCallDecision,
  ToolCallInterceptor,
  ToolCallRequest,
  TurnStartDecision,
  TurnStartInterceptor,
} from "./interceptors.ts";
export { Panel } from "./panels.ts";
export type { PanelHandlers, PanelKeyName, PanelView } from "./panels.ts";
export {
  display,
  errorResponse,
  errorResult,
  image,
  imageBytes,
  insert,
  noop,
  openPanel,
  prompt,
  text,
  textResult,
  toolPrompt,
  TRUNCATED_NOTE,
} from "./results.ts";
export type { TextResultOptions } from "./results.ts";
export type { Transport } from "./transport.ts";
export type {
  CallToolOptions,
  CommandContext,
  CommandHandler,
  CommandResponse,
  ContentBlock,
  ExtensionApi,
  HookContext,
  HostInfo,
  ImageBlock,
  JsonObject,
  MaybePromise,
  NotifyLevel,
  PanelSpec,
  TextBlock,
  ToolContext,
  ToolHandler,
  ToolPromptResponse,
  ToolResult,
  ToolSpec,
} from "./types.ts";
