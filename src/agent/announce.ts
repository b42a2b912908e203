/**
 * What the user sees of an assistant message: the `assistant_message`
 * interceptors may hide it (block) or rewrite its text (`replace_text`);
 * the transcript always keeps the original.
 *
 * @module
 */

import type { AgentHooks } from "./hooks.ts";
import type { AssistantMessage } from "../model/types.ts";
import type { AgentEvent } from "./events.ts";
import { assistantText } from "./transcript.ts";

/** Runs the interception and the announcements; returns the visible text ("" when hidden). */
export async function announceAssistant(
  message: AssistantMessage,
  hooks: AgentHooks,
  emit: (event: AgentEvent) => void,
  signal: AbortSignal,
): Promise<string> {
  const text = assistantText(message);
  let visible = text;
  if (text !== "") {
    const d = await hooks.interceptAssistantMessage(text, signal).catch(() => ({
      block: false,
      text,
    }));
    if (d.block) return "";
    visible = d.text;
  }
  const shown: AssistantMessage = visible === text ? message : {
    ...message,
    // One block with the final text; non-text blocks (tool calls) are kept.
    content: [{ type: "text", text: visible }, ...message.content.filter((b) => b.type !== "text")],
  };
  // A reply of nothing (an empty answer) is no message; one of tool calls only is, without text.
  if (shown.content.length > 0) emit({ type: "assistant_message", message: shown, text: visible });
  return visible;
}
