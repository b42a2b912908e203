/**
 * Line writers for stdout and stderr. Synchronous writes keep lines whole
 * and in order (stdout is sacred in JSON and RPC modes: one JSON per line).
 *
 * @module
 */

import { safeJson, safeText } from "../../safe_text.ts";
import { writeAllSync } from "../../write_all.ts";

const encoder = new TextEncoder();

export type LineWriter = (line: string) => void;

export const stdoutLine: LineWriter = (line) => {
  try {
    writeAllSync(Deno.stdout, encoder.encode(line + "\n"));
  } catch {
    // A closed stdout (EPIPE) must not crash the agent mid-run.
  }
};

/**
 * stdout for JSON and RPC modes, whose reader is a program: when it goes away (EPIPE: `| head`,
 * a crashed client) nobody sees the rest, so `onClosed` runs once (the mode stops the run
 * rather than let tools keep changing files unobserved) and later lines are dropped.
 */
export function watchedStdout(onClosed: () => void): LineWriter {
  let closed = false;
  return (line) => {
    if (closed) return;
    try {
      writeAllSync(Deno.stdout, encoder.encode(line + "\n"));
    } catch (e) {
      if (!(e instanceof Deno.errors.BrokenPipe)) return;
      closed = true;
      onClosed();
    }
  };
}

/**
 * stderr carries extension notes, load errors and warnings quoting extension output: every line
 * is made safe for the terminal here, so no caller can forget it.
 */
export const stderrLine: LineWriter = (line) => {
  try {
    writeAllSync(Deno.stderr, encoder.encode(safeText(line, { lines: true }) + "\n"));
  } catch {
    // same as above
  }
};

/** One JSON value per line, with the characters a terminal would act on escaped. */
export function jsonLines(write: LineWriter): (value: unknown) => void {
  return (value) => write(safeJson(value));
}
