/**
 * The extension host's UI in RPC mode: notes become `ext_*` events; panels,
 * submit and the rest are ignored (no user in front of a pipe).
 *
 * @module
 */

import { type HostUi, noteLevel, SILENT_UI } from "../../extensions/ui.ts";
import { diagnosticText } from "../../diagnostic.ts";

/** The events RPC clients get from extensions (and zot's warnings about them). */
export type RpcExtEvent =
  | { type: "ext_notify"; extension: string; level: string; message: string; code?: string }
  | { type: "ext_display"; extension: string; text: string }
  | { type: "ext_clear_notes"; extension: string };

export function rpcUi(send: (event: RpcExtEvent) => void): HostUi {
  return {
    ...SILENT_UI,
    notify: (extension, level, message) => send({ type: "ext_notify", extension, level, message }),
    display: (extension, text) => send({ type: "ext_display", extension, text }),
    clearNotes: (extension) => send({ type: "ext_clear_notes", extension }),
    // A note like an extension's own, plus the diagnostic's code for programs to switch on.
    warn: (d) =>
      send({
        type: "ext_notify",
        extension: d.extension ?? "zot",
        level: noteLevel(d),
        message: diagnosticText(d),
        code: d.code,
      }),
  };
}
