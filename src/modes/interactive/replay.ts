/**
 * A loaded transcript (continue, resume, /sessions) drawn the way it looked
 * live: the recorded messages, not the events that produced them.
 *
 * @module
 */

import type { Message } from "../../model/types.ts";
import { blocksText } from "./render_events.ts";
import type { Screen } from "./screen.ts";

/** Draws a loaded transcript (continue, resume) the way it looked live. */
export function replayMessages(screen: Screen, messages: readonly Message[]): void {
  const { transcript } = screen;
  for (const message of messages) {
    if (message.role === "user") {
      if (message.meta?.compaction === "true") {
        transcript.addInfo("(summary of the earlier conversation)");
      } else transcript.addUser(blocksText(message.content));
    } else if (message.role === "assistant") {
      const text = blocksText(message.content.filter((b) => b.type === "text"));
      if (text.trim() !== "") transcript.beginAssistant().setText(text);
      for (const b of message.content) {
        if (b.type === "tool_call") transcript.addTool(b.id, b.name, b.args);
      }
    } else {
      for (const r of message.content) {
        transcript.tool(r.call_id)?.setResult(blocksText(r.content), r.is_error);
      }
    }
  }
  screen.render();
}
