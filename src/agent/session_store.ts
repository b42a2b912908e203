/**
 * JSONL session files under `$ZOT_HOME/sessions/<sha256(cwd)[:8] hex>/
 * <UTC yyyymmdd-hhmmss>-<uuid8>.jsonl`: a header line, then one line per
 * message. Each line is appended with one write on an O_APPEND handle, so a
 * crash can only tear the last line, which loading skips with a warning.
 *
 * @module
 */

import { join } from "../path.ts";
import type { Message } from "../model/types.ts";
import { isMessage } from "./message_check.ts";
import { pathKey } from "../config/path_key.ts";
import { type LockHolder, lockSession, type SessionLock } from "./session_lock.ts";

export interface SessionHeader {
  type: "session";
  version: 1;
  id: string;
  cwd: string;
  created: string;
  provider: string;
  model: string;
}

/** A compaction replaces the first `dropped` messages with `summary`. */
export interface CompactionLine {
  type: "compaction";
  dropped: number;
  summary: Message;
}

/** `/clear` (or RPC `clear`): the messages before this line are gone from the conversation. */
export interface ClearLine {
  type: "clear";
}

export type SessionLine = SessionHeader | CompactionLine | ClearLine | Message;

export interface LoadedSession {
  header: SessionHeader;
  messages: Message[];
  warnings: string[];
}

const encoder = new TextEncoder();

/** Directory of one project's sessions. */
export async function sessionDir(sessionsRoot: string, cwd: string): Promise<string> {
  return join(sessionsRoot, await pathKey(cwd));
}

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-` +
    `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/** A new session file path (not created yet). */
export async function newSessionPath(
  sessionsRoot: string,
  cwd: string,
  id: string,
  now = new Date(),
) {
  const dir = await sessionDir(sessionsRoot, cwd);
  return join(dir, `${stamp(now)}-${id.replaceAll("-", "").slice(0, 8)}.jsonl`);
}

/** The sessions of `cwd`, most recently written first. */
export async function sessionsByRecency(sessionsRoot: string, cwd: string): Promise<string[]> {
  const dir = await sessionDir(sessionsRoot, cwd);
  const found: { path: string; mtime: number; name: string }[] = [];
  try {
    for await (const e of Deno.readDir(dir)) {
      if (!e.isFile || !e.name.endsWith(".jsonl")) continue;
      const path = join(dir, e.name);
      const mtime = (await Deno.stat(path)).mtime?.getTime() ?? 0;
      found.push({ path, mtime, name: e.name });
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  found.sort((a, b) => b.mtime - a.mtime || (b.name > a.name ? 1 : b.name < a.name ? -1 : 0));
  return found.map((f) => f.path);
}

/** The most recently written session of `cwd`, if any. */
export async function latestSession(
  sessionsRoot: string,
  cwd: string,
): Promise<string | undefined> {
  return (await sessionsByRecency(sessionsRoot, cwd))[0];
}

/** What `-c` found: the latest session no other run holds (locked for us), and the busy newer ones. */
export interface FreeSession {
  path?: string;
  lock?: SessionLock;
  /** Newer sessions held by other runs, newest first. */
  busy: { path: string; holder: LockHolder | undefined }[];
}

/** The latest session of `cwd` that no other run holds, locked; or only the busy ones. */
export async function latestFreeSession(sessionsRoot: string, cwd: string): Promise<FreeSession> {
  const busy: FreeSession["busy"] = [];
  for (const path of await sessionsByRecency(sessionsRoot, cwd)) {
    const attempt = await lockSession(path);
    if (attempt.ok) return { path, lock: attempt.lock, busy };
    busy.push({ path, holder: attempt.holder });
  }
  return { busy };
}

/** An append-only writer; the file and its directory are created on first write. */
export class SessionWriter {
  #file: Deno.FsFile | undefined;
  readonly path: string;

  constructor(path: string) {
    this.path = path;
  }

  async append(line: SessionLine): Promise<void> {
    let prefix = "";
    if (!this.#file) {
      await Deno.mkdir(join(this.path, ".."), { recursive: true, mode: 0o700 });
      // A run that crashed mid-write left a torn last line: end it first, so the new line is not
      // glued onto the fragment (and lost with it when the file is read back).
      if (!await endsWithNewline(this.path)) prefix = "\n";
      // Transcripts hold code and secrets: owner-only.
      this.#file = await Deno.open(this.path, { append: true, create: true, mode: 0o600 });
    }
    const bytes = encoder.encode(prefix + JSON.stringify(line) + "\n");
    let written = 0;
    while (written < bytes.length) written += await this.#file.write(bytes.subarray(written));
  }

  close(): void {
    this.#file?.close();
    this.#file = undefined;
  }
}

/** True for a missing or empty file, or one whose last byte is LF. */
async function endsWithNewline(path: string): Promise<boolean> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return true;
    throw e;
  }
  try {
    const size = (await file.stat()).size;
    if (size === 0) return true;
    await file.seek(size - 1, Deno.SeekMode.Start);
    const last = new Uint8Array(1);
    return (await file.read(last)) === 1 && last[0] === 0x0a;
  } finally {
    file.close();
  }
}

function isHeader(v: unknown): v is SessionHeader {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  return o.type === "session" && typeof o.id === "string" && typeof o.cwd === "string";
}

/** Reads a session; torn or unknown lines are skipped with a warning, never fatal. */
export async function loadSession(path: string): Promise<LoadedSession> {
  const text = await Deno.readTextFile(path);
  const lines = text.split("\n");
  const warnings: string[] = [];
  let header: SessionHeader | undefined;
  let messages: Message[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].replace(/\r$/, "");
    if (raw === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      const torn = i === lines.length - 1;
      warnings.push(
        torn
          ? `Skipped a torn last line in session "${path}" (an earlier run stopped mid-write)`
          : `Skipped an unreadable line ${i + 1} in session "${path}"`,
      );
      continue;
    }
    if (!header) {
      if (!isHeader(value)) {
        throw new Error(`Session "${path}" has no header line (is it a zot session file?)`);
      }
      header = value;
      continue;
    }
    if (isMessage(value)) {
      messages.push(value);
      continue;
    }
    const o = value as Record<string, unknown>;
    if (o.type === "compaction" && typeof o.dropped === "number" && isMessage(o.summary)) {
      messages = [o.summary, ...messages.slice(o.dropped)];
      continue;
    }
    if (o.type === "clear") {
      messages = [];
      continue;
    }
    warnings.push(`Skipped an unknown line ${i + 1} in session "${path}"`);
  }
  if (!header && text.trim() !== "") {
    // Only unreadable lines: some other file (a README, a log) named by mistake.
    throw new Error(`Session "${path}" has no header line (is it a zot session file?)`);
  }
  if (!header) throw new Error(`Session "${path}" is empty (start a new one without --session)`);
  return { header, messages, warnings };
}
