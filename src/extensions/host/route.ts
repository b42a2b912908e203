/**
 * Routes every frame an extension sends after `hello` (that did not settle
 * a pending request) to the part of the host that owns it. The switch is
 * exhaustive: a new frame type breaks compilation here until handled.
 *
 * @module
 */

import { assertNever, type ExtToHostFrame } from "../../protocol/frames.ts";
import type { HostUi } from "../ui.ts";
import type { ExtensionRecord } from "./record.ts";
import type { Registry } from "./registry.ts";
import { applySubscribe } from "./subscriptions.ts";
import { type CallToolHost, cancelCallTool, handleCallTool } from "./call_tool.ts";
import { handleUiFrame } from "./ui_frames.ts";
import { handleSubmit, handleSubmitSlash, type SubmitHost } from "./submit.ts";
import { reportRefusal } from "./refusals.ts";

/**
 * What routing touches: what the handlers it calls touch, plus registering commands and tools
 * and the whole UI (notes and panels go straight to it).
 */
export interface RouteHost extends SubmitHost, CallToolHost {
  readonly registry: Pick<Registry, "addCommand" | "addTool" | "command">;
  readonly ui: HostUi;
}

export function routeFrame(core: RouteHost, record: ExtensionRecord, frame: ExtToHostFrame): void {
  // A closed extension's late frames must not re-register anything.
  if (record.closed) return;
  switch (frame.type) {
    case "register_command":
      core.registry.addCommand(record, frame);
      return;
    case "register_tool":
      core.registry.addTool(record, frame);
      return;
    case "subscribe":
      // In the author's loop (--ext) a dropped subscription would otherwise
      // fail silently: the guard simply never fires. Reported once per
      // refusal, so a subscribe loop cannot flood the diagnostics.
      applySubscribe(record, frame, (m) => reportRefusal(core, record, m));
      return;
    case "call_tool":
      handleCallTool(core, record, frame);
      return;
    case "call_tool_cancel":
      cancelCallTool(record, frame.id);
      return;
    case "submit":
      handleSubmit(core, record, frame);
      return;
    case "submit_slash":
      handleSubmitSlash(core, record, frame);
      return;
    case "notify":
    case "clear_notes":
    case "open_panel":
    case "panel_render":
    case "panel_close":
      handleUiFrame(core.ui, record, frame);
      return;
    // Readiness is tracked by the channel; replies that reach us are late
    // (the channel counts them); hello again and shutdown_ack mean nothing.
    case "ready":
    case "hello":
    case "shutdown_ack":
    case "command_response":
    case "tool_result":
    case "event_intercept_response":
      return;
    default:
      assertNever(frame);
  }
}

/**
 * The frame listener of `record`: every frame routed; a tool registered after `ready` (an MCP
 * server's `tools/list_changed`) calls `lateTool`, so the agent's tools are refreshed as for a
 * late joiner.
 */
export function routeWithLateTools(
  core: RouteHost,
  record: ExtensionRecord,
  lateTool: () => void,
): (frame: ExtToHostFrame) => void {
  let readySent = false;
  return (frame) => {
    routeFrame(core, record, frame);
    const late = frame.type === "register_tool" && readySent;
    if (frame.type === "ready") readySent = true;
    if (late) lateTool();
  };
}
