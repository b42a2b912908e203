/**
 * The extension host's UI in RPC mode: notes become `ext_*` events; panels,
 * submit and the rest are ignored (no user in front of a pipe).
 *
 * @module
 */

import { type HostUi, SILENT_UI } from "../../extensions/ui.ts";

export function rpcUi(send: (event: Record<string, unknown>) => void): HostUi {
  return {
    ...SILENT_UI,
    notify: (extension, level, message) => send({ type: "ext_notify", extension, level, message }),
    display: (extension, text) => send({ type: "ext_display", extension, text }),
    clearNotes: (extension) => send({ type: "ext_clear_notes", extension }),
    warn: (extension, message) => send({ type: "ext_notify", extension, level: "warn", message }),
  };
}
