/**
 * The per-extension log file `$ZOT_HOME/logs/ext-<name>.log`: the
 * extension's stderr plus host diagnostics prefixed `[zot] `. Append mode,
 * so successive runs accumulate; each start writes a header line.
 * Writes are synchronous so stderr chunks and diagnostics land in the order
 * they happened, and a closed log silently drops late writes.
 *
 * The file is capped (default {@linkcode LOG_MAX_BYTES}): an extension that
 * floods stderr (hundreds of MiB a second) must not fill the disk. At the cap
 * the file is renamed to `<file>.1` (replacing an older one) and a new file
 * begins with a `[zot]` line saying so; `zot ext logs` prints both, and
 * `zot ext logs -f` follows the new file like any replaced one.
 *
 * @module
 */

import { dirname } from "../../path.ts";
import { errorMessage } from "../../errors.ts";
import { safeText } from "../../safe_text.ts";
import { writeAllSync } from "../../write_all.ts";

const encoder = new TextEncoder();
const NEWLINE = 0x0a;

/** Largest log file before it is rotated: with the one rotated file, at most twice this on disk. */
export const LOG_MAX_BYTES = 10 * 1024 * 1024;
/** The smallest cap honoured, so the rotation note always fits with room to spare. */
const LOG_MIN_BYTES = 1024;

/** The file a full log is renamed to. */
export function rotatedLogPath(path: string): string {
  return `${path}.1`;
}

/** V8's last words when a heap limit is reached (Deno: "Fatal JavaScript out of memory"). */
const OUT_OF_MEMORY = /Fatal JavaScript out of memory|JavaScript heap out of memory/;

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
  readonly #maxBytes: number;
  /** Bytes in the current file (what was there at open, plus what we wrote). */
  #size: number;
  /** Set when rotating failed: writing on would break the cap, so nothing more is written. */
  #full = false;
  /** The current file holds nothing but the rotation's note. */
  #justRotated = false;
  /** The last byte written ended a line (each start's header opens with a line feed anyway). */
  #atLineStart = true;
  #outOfMemory = false;
  /** Why a write first failed (a full disk): from then on lines may be lost. */
  #lost: string | undefined;

  private constructor(path: string, file: Deno.FsFile, size: number, maxBytes: number) {
    this.path = path;
    this.#file = file;
    this.#size = size;
    this.#maxBytes = Math.max(LOG_MIN_BYTES, maxBytes);
  }

  /** Open (creating the logs dir) in append mode, or the `open log: …` error. */
  static async open(
    path: string,
    options: { maxBytes?: number } = {},
  ): Promise<{ ok: true; log: ExtensionLog } | { ok: false; error: string }> {
    try {
      await Deno.mkdir(dirname(path), { recursive: true, mode: 0o755 });
      const file = await Deno.open(path, { append: true, create: true, mode: 0o644 });
      const size = (await file.stat()).size;
      return {
        ok: true,
        log: new ExtensionLog(path, file, size, options.maxBytes ?? LOG_MAX_BYTES),
      };
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

  /**
   * True once the extension's stderr carried V8's fatal out-of-memory report: the runtime
   * then kills itself with a signal (SIGTRAP) that says nothing about memory.
   */
  get sawOutOfMemory(): boolean {
    return this.#outOfMemory;
  }

  /** Why writing the log first failed (lines were lost), or undefined. */
  get lostWrites(): string | undefined {
    return this.#lost;
  }

  /** The extension's stderr: written, and its end kept for {@linkcode stderrTail}. */
  stderr(bytes: Uint8Array): void {
    if (!this.#outOfMemory) {
      // The report's line may straddle two chunks: look at the end of the previous one too.
      const recent = new TextDecoder().decode(this.#tail.subarray(-64)) +
        new TextDecoder().decode(bytes);
      this.#outOfMemory = OUT_OF_MEMORY.test(recent);
    }
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

  /**
   * Raw bytes, written as they are; what does not fit under the cap goes to a new file after a
   * rotation. A line that begins in this write starts in the new file when it would not fit
   * whole, so the rotation comes at a line's end; a line already begun (an earlier write left it
   * open) or longer than a whole file is cut, and the note then starts on a line of its own.
   */
  write(bytes: Uint8Array): void {
    let at = 0;
    while (at < bytes.length && this.#file && !this.#full) {
      const rest = bytes.length - at;
      let take = Math.min(rest, Math.max(0, this.#maxBytes - this.#size));
      if (take < rest) {
        const lineEnd = bytes.subarray(at, at + take).lastIndexOf(NEWLINE);
        if (lineEnd >= 0) take = lineEnd + 1;
        // No line ends in the room: a line that starts here starts in the next file, unless
        // this one was just begun (the line is longer than a file can hold).
        else if (this.#atLineStart && !this.#justRotated) take = 0;
      }
      if (take === 0) {
        // A file just begun is never rotated again before something is written to it (its note
        // may leave no room at all, under a long path): each rotation moves the write on.
        if (this.#justRotated) {
          take = Math.min(rest, LOG_MIN_BYTES);
        } else {
          this.#rotate();
          continue;
        }
      }
      this.#writeAll(bytes.subarray(at, at + take));
      this.#justRotated = false;
      at += take;
    }
  }

  #writeAll(bytes: Uint8Array): void {
    const file = this.#file;
    if (!file || bytes.length === 0) return;
    this.#size += bytes.length;
    this.#atLineStart = bytes[bytes.length - 1] === NEWLINE;
    try {
      writeAllSync(file, bytes);
    } catch (e) {
      // A full disk must not take the extension (or zot) down with it; it is reported once.
      this.#lost ??= errorMessage(e);
    }
  }

  /** Move the full file aside and start a new one that says so. */
  #rotate(): void {
    const rotated = rotatedLogPath(this.path);
    // A line cut by the rotation: the note still begins a line of its own.
    const opening = this.#atLineStart ? "" : "\n";
    try {
      this.#file?.close();
      this.#file = undefined;
      Deno.renameSync(this.path, rotated);
      this.#file = Deno.openSync(this.path, { append: true, create: true, mode: 0o644 });
      this.#size = this.#file.statSync().size;
    } catch {
      // Cannot rotate (the directory went away, a permission changed): stop writing instead.
      this.#full = true;
      return;
    }
    this.#writeAll(encoder.encode(
      `${opening}[zot] log rotated: it reached ${this.#maxBytes} bytes; the earlier part is in ${rotated}\n`,
    ));
    this.#justRotated = true;
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
