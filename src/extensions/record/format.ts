/**
 * The record of extension traffic: one JSON object per line, each frame
 * with the time, its direction and the extension's manifest name. Written by
 * `--record-ext`, read by `zot ext replay`; parsed once here.
 *
 * @module
 */

import { isRecord } from "../../is_record.ts";

export type Direction = "to_extension" | "from_extension";

export interface RecordedFrame {
  /** ISO 8601 time the frame was written or read. */
  time: string;
  direction: Direction;
  extension: string;
  frame: Record<string, unknown>;
}

export type ParsedRecord = { ok: true; frames: RecordedFrame[] } | { ok: false; error: string };

/** Every line of a record, or the first line that is not one (with its number). */
export function parseRecord(text: string): ParsedRecord {
  const frames: RecordedFrame[] = [];
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, error: `line ${i + 1} is not JSON` };
    }
    if (
      !isRecord(value) || typeof value.time !== "string" || typeof value.extension !== "string" ||
      (value.direction !== "to_extension" && value.direction !== "from_extension") ||
      !isRecord(value.frame) || typeof value.frame.type !== "string"
    ) {
      return {
        ok: false,
        error: `line ${i + 1} is not a recorded frame (time, direction, extension, frame)`,
      };
    }
    frames.push({
      time: value.time,
      direction: value.direction,
      extension: value.extension,
      frame: value.frame,
    });
  }
  return { ok: true, frames };
}
