/**
 * One model response: consumes the provider stream and returns the
 * assistant message. An aborted or failed stream keeps the partial text and
 * drops partial tool calls (they never ran, and a half-streamed call cannot
 * be answered honestly).
 *
 * @module
 */

import type { ModelRequest, Provider } from "../providers/types.ts";
import type { StopReason } from "../protocol/events.ts";
import type { AssistantMessage, Usage } from "../model/types.ts";
import { errorMessage } from "../errors.ts";

export interface TurnSink {
  textDelta(delta: string): void;
  usage(usage: Usage): void;
  /** A failed attempt the provider will retry after `delayMs`: it ends with its own turn_end. */
  retry(error: string, attempt: number, delayMs: number): void;
}

export interface TurnOutcome {
  message: AssistantMessage;
  stop: StopReason;
  error?: string;
}

export async function streamTurn(
  provider: Provider,
  request: ModelRequest,
  sink: TurnSink,
): Promise<TurnOutcome> {
  let text = "";
  let sawUsage = false;
  try {
    for await (const ev of provider.stream(request)) {
      switch (ev.type) {
        case "text_delta":
          text += ev.delta;
          sink.textDelta(ev.delta);
          break;
        case "tool_call":
          break; // the done message carries the calls
        case "usage":
          sawUsage = true;
          sink.usage(ev.usage);
          break;
        case "retry":
          text = "";
          sink.retry(ev.error, ev.attempt, ev.delayMs);
          break;
        case "done": {
          const message: AssistantMessage = { ...ev.message, role: "assistant" };
          if (!sawUsage && message.usage) sink.usage(message.usage);
          const hasCalls = message.content.some((b) => b.type === "tool_call");
          const stop = message.stop ?? (hasCalls ? "tool_use" : "end_turn");
          return { message: { ...message, stop }, stop };
        }
        case "error":
          return partial(
            text,
            ev.aborted || request.signal.aborted ? "aborted" : "error",
            ev.message,
          );
      }
    }
    return partial(
      text,
      request.signal.aborted ? "aborted" : "error",
      "model stream ended without a result",
    );
  } catch (e) {
    return partial(text, request.signal.aborted ? "aborted" : "error", errorMessage(e));
  }
}

function partial(text: string, stop: StopReason, error: string): TurnOutcome {
  const message: AssistantMessage = {
    role: "assistant",
    content: text ? [{ type: "text", text }] : [],
    stop,
    error,
  };
  return { message, stop, error };
}
