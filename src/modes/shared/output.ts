/**
 * Line writers for stdout and stderr. Synchronous writes keep lines whole
 * and in order (stdout is sacred in JSON and RPC modes: one JSON per line).
 *
 * @module
 */

const encoder = new TextEncoder();

export type LineWriter = (line: string) => void;

function writeAllSync(target: { writeSync(p: Uint8Array): number }, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) written += target.writeSync(bytes.subarray(written));
}

export const stdoutLine: LineWriter = (line) => {
  try {
    writeAllSync(Deno.stdout, encoder.encode(line + "\n"));
  } catch {
    // A closed stdout (EPIPE) must not crash the agent mid-run.
  }
};

export const stderrLine: LineWriter = (line) => {
  try {
    writeAllSync(Deno.stderr, encoder.encode(line + "\n"));
  } catch {
    // same as above
  }
};

/** One JSON value per line. */
export function jsonLines(write: LineWriter): (value: unknown) => void {
  return (value) => write(JSON.stringify(value));
}
