/**
 * The `tool_use_start` / `tool_use_args` / `tool_use_end` events of the JSON stream, which the
 * reference host writes while a tool call streams in: scripts written against its stream wait
 * for them. zot's agent has the calls when the model's message is complete, so each call's
 * arguments come as one `tool_use_args` delta (concatenating the deltas of an id gives its
 * arguments' JSON, as with the reference), in the reference's place: after the message's text,
 * before its `usage` and `assistant_message`.
 *
 * @module
 */

import type { ClientEvent } from "../common/client_events.ts";

export type ToolUseEvent =
  | { type: "tool_use_start"; id: string; name: string }
  | { type: "tool_use_args"; id: string; delta: string }
  | { type: "tool_use_end"; id: string };

/**
 * Wraps a JSON line writer: holds a `usage` until the message it belongs to is known, then
 * writes the message's tool calls as tool_use events ahead of it.
 */
export function withToolUseEvents(
  write: (event: ClientEvent | ToolUseEvent) => void,
): (event: ClientEvent) => void {
  let heldUsage: ClientEvent | undefined;
  return (event) => {
    if (event.type === "usage") {
      if (heldUsage) write(heldUsage);
      heldUsage = event;
      return;
    }
    if (event.type === "assistant_message") {
      for (const block of event.content) {
        if (block.type !== "tool_call") continue;
        write({ type: "tool_use_start", id: block.id, name: block.name });
        const delta = block.args_raw ?? JSON.stringify(block.args);
        write({ type: "tool_use_args", id: block.id, delta });
        write({ type: "tool_use_end", id: block.id });
      }
    }
    if (heldUsage) {
      write(heldUsage);
      heldUsage = undefined;
    }
    write(event);
  };
}
