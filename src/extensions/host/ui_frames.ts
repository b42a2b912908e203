/**
 * One-way UI frames from extensions (notify, clear_notes, panels) handed to
 * the mode's {@linkcode HostUi}, and the panel frames the UI sends back.
 * (`submit` and `submit_slash` act in the user's name: see submit.ts.) Ownership of the active
 * panel is the UI's business: the host passes the extension name along, and whether the panel
 * may take the keyboard.
 *
 * @module
 */

import type {
  ClearNotesFrame,
  ExtPanelCloseFrame,
  NotifyFrame,
  OpenPanelFrame,
  PanelKeyName,
  PanelRenderFrame,
} from "../../protocol/frames.ts";
import type { HostUi } from "../ui.ts";
import { type ExtensionRecord, isLive } from "./record.ts";

export type UiFrame =
  | NotifyFrame
  | ClearNotesFrame
  | OpenPanelFrame
  | PanelRenderFrame
  | ExtPanelCloseFrame;

export function handleUiFrame(ui: HostUi, record: ExtensionRecord, frame: UiFrame): void {
  const ext = record.name;
  switch (frame.type) {
    case "notify":
      ui.notify(ext, frame.level ?? "info", frame.message);
      return;
    case "clear_notes":
      ui.clearNotes(ext);
      return;
    case "open_panel":
      // The keyboard only for a panel the user asked for: one opened while a command the user
      // typed, or an interactive tool call, is in flight. Any other is shown without focus, so
      // no extension can take the keys the user is typing elsewhere.
      ui.openPanel(ext, frame.panel, { focus: record.panelInvites > 0 });
      return;
    case "panel_render":
      ui.renderPanel(ext, {
        id: frame.panel_id,
        title: frame.title,
        lines: frame.lines,
        footer: frame.footer,
      });
      return;
    case "panel_close":
      ui.closePanel(ext, frame.panel_id);
      return;
  }
}

/** Forward a key to the extension owning a focused panel. */
export function sendPanelKey(
  record: ExtensionRecord | undefined,
  panelId: string,
  key: PanelKeyName,
  text?: string,
): boolean {
  if (!record || !isLive(record)) return false;
  const frame = text === undefined
    ? { type: "panel_key" as const, panel_id: panelId, key }
    : { type: "panel_key" as const, panel_id: panelId, key, text };
  return record.channel.send(frame);
}

/** Tell the extension the user closed its panel. */
export function sendPanelClose(record: ExtensionRecord | undefined, panelId: string): boolean {
  if (!record || !isLive(record)) return false;
  return record.channel.send({ type: "panel_close", panel_id: panelId });
}
