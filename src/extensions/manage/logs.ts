/**
 * `zot ext logs`: print an extension's stderr log, and the last words of its
 * latest run for the doctor. Following (`-f`) lives in follow.ts.
 *
 * @module
 */

import { rotatedLogPath, safeStderrLine } from "../process/log.ts";

/** Copy the whole file to `out`; returns the number of bytes written. */
export async function catFile(path: string, out: WritableStream<Uint8Array>): Promise<number> {
  using file = await Deno.open(path, { read: true });
  const writer = out.getWriter();
  try {
    return await pump(file, writer, 0);
  } finally {
    writer.releaseLock();
  }
}

/**
 * The whole log: its rotated part (`<file>.1`, when the log reached its cap) first, then the
 * file itself, so the output reads in the order it was written.
 */
export async function catLog(path: string, out: WritableStream<Uint8Array>): Promise<number> {
  let n = 0;
  try {
    n += await catFile(rotatedLogPath(path), out);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return n + await catFile(path, out);
}

/** Copy `file` from `from` to its end into `out`; returns the new position (also for follow.ts). */
export async function pump(
  file: Deno.FsFile,
  out: WritableStreamDefaultWriter<Uint8Array>,
  from: number,
): Promise<number> {
  await file.seek(from, Deno.SeekMode.Start);
  const buf = new Uint8Array(64 * 1024);
  let pos = from;
  while (true) {
    const n = await file.read(buf);
    if (n === null || n === 0) return pos;
    await out.write(buf.slice(0, n));
    pos += n;
  }
}

/**
 * The extension's own stderr lines from the latest run in its log (the
 * part after the last `[zot] starting` marker, host lines left out), at most
 * `max` of the last ones, made safe to print. Empty when there is no log.
 */
export async function lastRunStderr(path: string, max = 5): Promise<string[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch {
    return [];
  }
  const start = text.lastIndexOf("[zot] starting ");
  const run = start < 0 ? text : text.slice(start);
  const lines = run.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("[zot] "));
  return lines.slice(-max).map(safeStderrLine);
}
