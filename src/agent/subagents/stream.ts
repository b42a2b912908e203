/**
 * Reading a child zot's JSON event stream (the RPC event schema of JSON
 * mode, one object per line). The stream is untrusted input from another
 * process: every field is checked before use and anything unexpected is
 * skipped, never thrown.
 *
 * @module
 */

import { isRecord } from "../../is_record.ts";

/** What the parent learns from the stream. */
export interface ChildState {
  /** Text of the last assistant message that had any. */
  text: string;
  /** The last `error` event (or erroring `turn_end`) message. */
  error?: string;
  /** A `done` event arrived: the child's run ended on its own. */
  done: boolean;
  /** Lines that were not JSON objects with a string `type`. */
  garbage: number;
}

export function newChildState(): ChildState {
  return { text: "", done: false, garbage: 0 };
}

/** Longest progress line forwarded to the parent's client. */
const PROGRESS_CHARS = 200;

/** Concatenated text blocks of a wire message's content. */
function textOf(content: unknown): string {
  if (!Array.isArray(content)) return "";
  let text = "";
  for (const block of content) {
    if (isRecord(block) && block.type === "text" && typeof block.text === "string") {
      text += block.text;
    }
  }
  return text;
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > PROGRESS_CHARS ? `${line.slice(0, PROGRESS_CHARS - 1)}…` : line;
}

/** Folds one stdout line into `state`; reports progress worth showing. */
export function applyLine(
  state: ChildState,
  line: string,
  progress?: (text: string) => void,
): void {
  if (line.trim() === "") return;
  let event: unknown;
  try {
    event = JSON.parse(line);
  } catch {
    state.garbage++;
    return;
  }
  if (!isRecord(event) || typeof event.type !== "string") {
    state.garbage++;
    return;
  }
  switch (event.type) {
    case "tool_call":
      if (typeof event.name === "string") progress?.(`tool ${clip(event.name)}`);
      break;
    case "assistant_message": {
      const text = textOf(event.content);
      if (text.trim() !== "") {
        state.text = text;
        progress?.(clip(text));
      }
      break;
    }
    case "turn_end":
      if (event.stop === "error" && typeof event.error === "string") state.error = event.error;
      break;
    case "error":
      if (typeof event.message === "string") state.error = event.message;
      break;
    case "done":
      state.done = true;
      break;
  }
}
