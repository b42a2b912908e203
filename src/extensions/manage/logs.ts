/**
 * `zot ext logs`: print an extension's stderr log, and with `--follow` keep
 * printing what is appended until stopped (natively: no `tail`).
 *
 * @module
 */

/** Copy the whole file to `out`; returns the number of bytes written. */
export async function catFile(path: string, out: WritableStream<Uint8Array>): Promise<number> {
  using file = await Deno.open(path, { read: true });
  return await pump(file, out, 0);
}

async function pump(file: Deno.FsFile, out: WritableStream<Uint8Array>, from: number) {
  await file.seek(from, Deno.SeekMode.Start);
  const buf = new Uint8Array(64 * 1024);
  let pos = from;
  const writer = out.getWriter();
  try {
    while (true) {
      const n = await file.read(buf);
      if (n === null || n === 0) break;
      await writer.write(buf.slice(0, n));
      pos += n;
    }
  } finally {
    writer.releaseLock();
  }
  return pos;
}

/**
 * Print `path` from the start, then every append, until `signal` aborts.
 * A truncated file (log rotation, a new run) is read again from the start.
 */
export async function followFile(
  path: string,
  out: WritableStream<Uint8Array>,
  signal: AbortSignal,
): Promise<void> {
  // Watch before the first read so an append in between is not missed.
  const watcher = Deno.watchFs(path);
  using file = await Deno.open(path, { read: true });
  let pos = await pump(file, out, 0);
  const stop = () => watcher.close();
  signal.addEventListener("abort", stop, { once: true });
  try {
    if (signal.aborted) return;
    for await (const _event of watcher) {
      const size = (await file.stat()).size;
      if (size < pos) pos = 0;
      if (size > pos) pos = await pump(file, out, pos);
    }
  } finally {
    signal.removeEventListener("abort", stop);
    try {
      watcher.close();
    } catch {
      // already closed by abort
    }
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
  // Untrusted text bound for a terminal: no escapes or control characters, bounded length.
  // deno-lint-ignore no-control-regex
  const controls = /[\u0000-\u001f\u007f-\u009f]/g;
  return lines.slice(-max).map((l) => {
    const plain = l.replace(controls, "?");
    return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
  });
}
