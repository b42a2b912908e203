/**
 * The per-extension log file `$ZOT_HOME/logs/ext-<name>.log`: the
 * extension's stderr plus host diagnostics prefixed `[zot] `. Append mode,
 * so successive runs accumulate; each start writes a header line.
 * Writes are synchronous so stderr chunks and diagnostics land in the order
 * they happened, and a closed log silently drops late writes.
 *
 * @module
 */

import { dirname } from "../../path.ts";
import { errorMessage } from "../../errors.ts";

const encoder = new TextEncoder();

export class ExtensionLog {
  readonly path: string;
  #file: Deno.FsFile | undefined;

  private constructor(path: string, file: Deno.FsFile) {
    this.path = path;
    this.#file = file;
  }

  /** Open (creating the logs dir) in append mode, or the `open log: …` error. */
  static async open(
    path: string,
  ): Promise<{ ok: true; log: ExtensionLog } | { ok: false; error: string }> {
    try {
      await Deno.mkdir(dirname(path), { recursive: true, mode: 0o755 });
      const file = await Deno.open(path, { append: true, create: true, mode: 0o644 });
      return { ok: true, log: new ExtensionLog(path, file) };
    } catch (e) {
      return { ok: false, error: `open log: ${errorMessage(e)}` };
    }
  }

  get isClosed(): boolean {
    return this.#file === undefined;
  }

  /** Blank line + `[zot] starting <name>/<version> at <RFC3339>`. */
  header(name: string, version: string | undefined, now: Date = new Date()): void {
    const stamp = now.toISOString().replace(/\.\d{3}Z$/, "Z");
    this.write(encoder.encode(`\n[zot] starting ${name}/${version ?? ""} at ${stamp}\n`));
  }

  /** One host diagnostic line: `[zot] <message>`. */
  line(message: string): void {
    this.write(encoder.encode(`[zot] ${message}\n`));
  }

  /** Raw bytes (the extension's stderr). */
  write(bytes: Uint8Array): void {
    const file = this.#file;
    if (!file) return;
    try {
      let at = 0;
      while (at < bytes.length) at += file.writeSync(bytes.subarray(at));
    } catch {
      // A full disk must not take the extension (or zot) down with it.
    }
  }

  close(): void {
    const file = this.#file;
    this.#file = undefined;
    try {
      file?.close();
    } catch {
      // Already closed.
    }
  }
}

/** Copy stderr into the log until it ends or is cancelled. Never rejects. */
export async function pumpToLog(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  log: ExtensionLog,
): Promise<void> {
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) return;
      log.write(value);
    }
  } catch {
    // The pipe broke because the process died: nothing more to copy.
  }
}
