/**
 * Agent events → the transcript and status bar: the user's message, the
 * assistant's markdown as it streams, tool calls with arguments, progress
 * and (collapsed) results, usage and cost, errors.
 *
 * @module
 */

import type { AgentEvent } from "../../agent/events.ts";
import type { Message } from "../../model/types.ts";
import { usageTokens } from "../../agent/transcript.ts";
import type { ContentBlock } from "../../protocol/content.ts";
import { findModel } from "../../providers/models.ts";
import type { AssistantBlock } from "../../tui/mod.ts";
import type { Screen } from "./screen.ts";

export function blocksText(
  content: readonly (ContentBlock | Message["content"][number])[],
): string {
  const parts: string[] = [];
  for (const block of content) {
    if (block.type === "text") parts.push(block.text);
    else if (block.type === "image") parts.push(`[image ${block.mime_type}]`);
  }
  return parts.join("\n");
}

export class EventView {
  #screen: Screen;
  #model: () => string;
  #assistant: AssistantBlock | undefined;
  /** A retry is on the status line until the next event says the request got through. */
  #retrying = false;

  constructor(screen: Screen, model: () => string) {
    this.#screen = screen;
    this.#model = model;
  }

  handle(event: AgentEvent): void {
    const { transcript, status } = this.#screen;
    if (this.#retrying && event.type !== "retry") {
      this.#retrying = false;
      status.setMessage("");
    }
    switch (event.type) {
      case "retry": {
        // Without it a 429 or a dropped connection is seconds of a bare spinner.
        this.#retrying = true;
        const seconds = Math.max(1, Math.round(event.delayMs / 1000));
        status.setMessage(
          `retrying in ${seconds} s (attempt ${event.attempt + 1}): ${event.error}`,
          "error",
        );
        break;
      }
      case "user_message":
        transcript.addUser(blocksText(event.message.content));
        break;
      case "assistant_start":
        this.#assistant = transcript.beginAssistant();
        break;
      case "text_delta":
        (this.#assistant ??= transcript.beginAssistant()).append(event.delta);
        break;
      case "assistant_message": {
        // The visible text after interception: replaces what streamed.
        const text = blocksText(event.message.content.filter((b) => b.type === "text"));
        (this.#assistant ??= transcript.beginAssistant()).setText(text);
        this.#assistant = undefined;
        break;
      }
      case "tool_call":
        // A tool an extension ran (call_tool) is no part of the conversation shown.
        if (event.inTranscript) transcript.addTool(event.id, event.name, event.args);
        break;
      case "tool_progress":
        transcript.tool(event.id)?.appendProgress(event.text);
        break;
      case "tool_result":
        if (!event.inTranscript) break;
        transcript.tool(event.id)?.setResult(blocksText(event.content), event.isError);
        break;
      case "usage": {
        const info = findModel(this.#model());
        const used = usageTokens(event.usage);
        status.setInfo({
          costUsd: event.cumulative.cost_usd,
          ...(info?.contextWindow ? { context: Math.min(1, used / info.contextWindow) } : {}),
        });
        break;
      }
      case "turn_end":
        // "(aborted)" is the controller's: a turn stopped in a tool call has no aborted turn_end.
        this.#assistant = undefined;
        break;
      case "error":
        transcript.addError(event.message);
        break;
      case "compact_done":
        transcript.addInfo("conversation compacted");
        break;
      case "turn_start":
      case "done":
      case "user_prompt_submit":
      case "tool_confirmation_requested":
      case "permission_decision":
      case "pre_compact":
      case "post_compact":
      case "subagent_start":
      case "subagent_stop":
        break;
    }
    this.#screen.render();
  }
}
