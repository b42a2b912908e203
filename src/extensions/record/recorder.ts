/**
 * `--record-ext <file>` (or `ZOT_RECORD_EXT`): every frame between zot and
 * its extensions appended to one file as it passes. The file is created
 * owner-only (it holds the conversation's tool traffic) and a credential zot
 * holds (the provider's API key) is replaced by `[redacted]` wherever it
 * appears, before the line is written. Writing is synchronous so the lines
 * of one run stay in the order the frames passed, and a crash loses nothing
 * already written. A write that fails stops the recording (said once), never
 * the run.
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";
import type { Direction } from "./format.ts";
import { writeAllSync } from "../../write_all.ts";

const REDACTED = "[redacted]";
/** Shorter strings are not treated as secrets: they would blot out ordinary words. */
const MIN_SECRET_LENGTH = 8;

/**
 * Open `path` for appending, as a regular file of the user's, readable by them only. A symlink
 * is refused (a repository could ship one pointing at ~/.bashrc, and the record holds text an
 * extension chose), and so is anything but a regular file; an existing file is narrowed to
 * 0600. The file opened is checked to be the one inspected, so a swap in between is refused.
 */
function openOwnRecord(path: string): Deno.FsFile {
  let before: Deno.FileInfo | undefined;
  try {
    before = Deno.lstatSync(path);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  if (before && !before.isFile) {
    throw new Error(`${before.isSymlink ? "it is a symlink" : "it is not a regular file"}`);
  }
  const file = before
    ? Deno.openSync(path, { append: true })
    : Deno.openSync(path, { append: true, createNew: true, mode: 0o600 });
  try {
    const opened = file.statSync();
    if (before && (opened.ino !== before.ino || opened.dev !== before.dev)) {
      throw new Error("it changed while it was opened");
    }
    // An existing file is narrowed; a new one was created owner-only.
    if (before && Deno.build.os !== "windows" && (opened.mode ?? 0) & 0o077) {
      Deno.chmodSync(path, 0o600);
    }
    return file;
  } catch (e) {
    file.close();
    throw e;
  }
}

export class FrameRecorder {
  #file: Deno.FsFile | undefined;
  readonly #secrets: string[];
  readonly #onError: (message: string) => void;
  readonly #encoder = new TextEncoder();

  private constructor(file: Deno.FsFile, secrets: string[], onError: (m: string) => void) {
    this.#file = file;
    this.#secrets = secrets;
    this.#onError = onError;
  }

  /** Open (append, create owner-only) or say why not. */
  static open(
    path: string,
    secrets: readonly (string | undefined)[],
    onError: (message: string) => void,
  ): { ok: true; recorder: FrameRecorder } | { ok: false; error: string } {
    try {
      const file = openOwnRecord(path);
      const kept = secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH);
      // Longest first: a key that contains another is replaced whole.
      kept.sort((a, b) => b.length - a.length);
      return { ok: true, recorder: new FrameRecorder(file, kept, onError) };
    } catch (e) {
      return { ok: false, error: `Cannot record extension traffic to ${path}: ${errorMessage(e)}` };
    }
  }

  record(direction: Direction, extension: string, frame: unknown): void {
    if (!this.#file) return;
    let line = JSON.stringify({ time: new Date().toISOString(), direction, extension, frame });
    for (const secret of this.#secrets) {
      // JSON escaping may change how the secret is spelled in the line: look for both.
      line = line.replaceAll(secret, REDACTED);
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret) line = line.replaceAll(escaped, REDACTED);
    }
    try {
      writeAllSync(this.#file, this.#encoder.encode(line + "\n"));
    } catch (e) {
      this.close();
      this.#onError(`stopped recording extension traffic: ${errorMessage(e)}`);
    }
  }

  close(): void {
    try {
      this.#file?.close();
    } catch {
      // already closed
    }
    this.#file = undefined;
  }
}
