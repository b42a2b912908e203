/**
 * What the host does when an extension's channel closes: its registrations
 * go, its own `call_tool` requests are cancelled, and, unless the host was
 * stopping it, the user is told, with a warning naming each gate it held
 * (those gates now refuse until a reload, or until the restart zot is
 * already making brings it back).
 *
 * @module
 */

import type { CloseInfo } from "../channel.ts";
import { cancelAllCallTools } from "./call_tool.ts";
import type { HostCore } from "./core.ts";
import { gateDown, GATES } from "./intercept.ts";
import type { ExtensionRecord } from "./record.ts";
import type { Supervisor } from "./restart.ts";

/** Record `record` as closed with `info`. */
export function recordClosed(
  core: Pick<HostCore, "registry" | "diagnostics" | "ui">,
  record: ExtensionRecord,
  info: CloseInfo,
  restarting = false,
): void {
  record.closed = info;
  core.registry.removeExtension(record);
  cancelAllCallTools(record);
  if (record.stopping) return;
  core.diagnostics.about(record, {
    code: "disconnected",
    severity: "error",
    message: `extension ${record.name} disconnected: ${info.reason}`,
  });
  const gates = [...GATES].filter((g) => record.intercepts.has(g));
  if (gates.length > 0) core.ui.warn(gateDown(record, gates, info.reason, restarting));
}

/**
 * When `record`'s channel closes: the supervisor decides whether it comes back (only a process
 * that was ready is restarted, not one that failed to start), then the record is closed.
 */
export function watchClose(
  core: Pick<HostCore, "registry" | "diagnostics" | "ui">,
  supervisor: Pick<Supervisor, "closed">,
  record: ExtensionRecord,
): void {
  const channel = record.channel;
  channel?.closed.then((info) => {
    const restarting = supervisor.closed(record, info, channel.readyState !== "pending");
    recordClosed(core, record, info, restarting);
  });
}
