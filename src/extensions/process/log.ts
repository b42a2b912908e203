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
import { safeText } from "../../safe_text.ts";

const encoder = new TextEncoder();

/** How much of the extension's latest stderr is kept to quote in a start failure. */
const TAIL_BYTES = 4096;

/**
 * One line of an extension's stderr made fit for the user's terminal: it is untrusted text, so
 * no escapes or control characters ({@linkcode safeText}), and at most 300 characters.
 */
export function safeStderrLine(line: string): string {
  const plain = safeText(line);
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}

export class ExtensionLog {
  readonly path: string;
  #file: Deno.FsFile | undefined;
  /** The last TAIL_BYTES of the extension's own stderr (not zot's lines). */
  #tail = new Uint8Array(0);

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

  /** The extension's stderr: written, and its end kept for {@linkcode stderrTail}. */
  stderr(bytes: Uint8Array): void {
    const kept = new Uint8Array(Math.min(TAIL_BYTES, this.#tail.length + bytes.length));
    const fromNew = Math.min(bytes.length, kept.length);
    const fromOld = kept.length - fromNew;
    kept.set(this.#tail.subarray(this.#tail.length - fromOld), 0);
    kept.set(bytes.subarray(bytes.length - fromNew), fromOld);
    this.#tail = kept;
    this.write(bytes);
  }

  /**
   * The last `count` non-empty lines the extension wrote to stderr (a syntax error, a missing
   * module): what a start failure quotes so the user need not open the log, made safe with
   * {@linkcode safeStderrLine}.
   */
  stderrTail(count = 5): string[] {
    const text = new TextDecoder().decode(this.#tail);
    return text.split(/\r?\n/)
      .filter((l) => l.trim() !== "")
      .slice(-count)
      .map(safeStderrLine);
  }

  /** Raw bytes, written as they are. */
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
      log.stderr(value);
    }
  } catch {
    // The pipe broke because the process died: nothing more to copy.
  }
}
