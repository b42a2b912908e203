/**
 * The checks `zot ext check` judges from what the session left behind: the
 * frame counters (anything but frames on stdout, replies with a wrong id),
 * how the extension took `shutdown`, and whether its sandbox scope was
 * enough for what it did.
 *
 * @module
 */

import { SHUTDOWN_GRACE_MS } from "../../protocol/limits.ts";
import type { CloseInfo, FrameCounters } from "../channel.ts";
import { fail, type Finding, pass, warn } from "./findings.ts";

export function framesFinding(counters: FrameCounters): Finding {
  const junk = counters.malformed + counters.invalid + counters.unknownType;
  if (junk > 0) {
    const parts = [
      counters.malformed ? `${counters.malformed} not JSON` : "",
      counters.invalid ? `${counters.invalid} invalid frames` : "",
      counters.unknownType ? `${counters.unknownType} of an unknown type` : "",
    ].filter(Boolean);
    return fail(
      "frames",
      `stdout carried lines that are not protocol frames: ${parts.join(", ")}`,
      "write only protocol frames to stdout, one JSON object per line; log to stderr",
    );
  }
  if (counters.lateReplies > 0) {
    return fail(
      "frames",
      `${counters.lateReplies} replies matched no open request (a wrong id, or too late)`,
      'copy the "id" of the request into its reply',
    );
  }
  return pass("frames", "every line on stdout was a valid frame");
}

export function shutdownFinding(info: CloseInfo, ackAt: number | undefined, sent: number): Finding {
  if (info.signal) {
    return fail(
      "shutdown",
      `still running ${SHUTDOWN_GRACE_MS} ms after shutdown: stopped with ${info.signal}`,
      'on {"type":"shutdown"}, send {"type":"shutdown_ack"} and exit',
    );
  }
  if (ackAt === undefined) {
    return warn(
      "shutdown",
      "exited without shutdown_ack",
      'answer {"type":"shutdown"} with {"type":"shutdown_ack"} before exiting',
    );
  }
  return pass("shutdown", `acknowledged after ${Math.max(0, ackAt - sent)} ms and exited`);
}

/** A permission the sandbox refused, in Deno's words or zot's. */
const REFUSED = /NotCapable|Requires [a-z]+ access to/;

/** Only for a sandboxed extension: what it was refused, read from its log and its answers. */
export async function scopeFinding(
  sandboxed: boolean,
  logPath: string,
  logStart: number,
  texts: readonly string[],
): Promise<Finding | undefined> {
  if (!sandboxed) return undefined;
  const lines = [...(await logSince(logPath, logStart)), ...texts.flatMap((t) => t.split("\n"))];
  const refused = [...new Set(lines.filter((l) => REFUSED.test(l)).map((l) => l.trim()))];
  if (refused.length === 0) return pass("scope", "no permission was refused");
  return fail(
    "scope",
    `the sandbox refused: ${refused.slice(0, 3).join(" | ")}`,
    'add what it needs to "scope" in extension.json, or stop doing it',
  );
}

async function logSince(path: string, start: number): Promise<string[]> {
  try {
    const bytes = await Deno.readFile(path);
    // A log that rotated during the session starts over: read it whole.
    const from = bytes.length >= start ? start : 0;
    return new TextDecoder().decode(bytes.subarray(from)).split("\n");
  } catch {
    return [];
  }
}
