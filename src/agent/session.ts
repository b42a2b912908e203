/**
 * One conversation's identity and persistence. A session without a store
 * (`--no-session`, RPC by default) still has an id for lifecycle events.
 * The file is created at the first message, so an idle run leaves nothing.
 *
 * @module
 */

import type { Message } from "../model/types.ts";
import {
  loadSession,
  newSessionPath,
  type SessionHeader,
  type SessionLine,
  SessionWriter,
} from "./session_store.ts";
import { errorMessage } from "../errors.ts";
import { lockSession, sessionInUse, type SessionLock } from "./session_lock.ts";
import type { DiagnosticSink } from "../diagnostic.ts";

export interface SessionInit {
  cwd: string;
  provider: string;
  model: string;
  /** `$ZOT_HOME/sessions`; undefined keeps the session in memory only. */
  sessionsRoot?: string;
  /** Persist to exactly this file (`--session` naming a new file); wins over `sessionsRoot`. */
  path?: string;
  /** Reports write failures (the run continues without persistence). */
  warn?: DiagnosticSink;
}

export class Session {
  readonly id: string;
  readonly cwd: string;
  /** Messages loaded from disk (continue / --session). */
  readonly initialMessages: Message[];
  #writer: SessionWriter | undefined;
  #header: SessionHeader | undefined;
  #headerWritten: boolean;
  #warn: DiagnosticSink;
  #failed = false;
  #queue: Promise<void> = Promise.resolve();
  /** Held while this run writes the file (see session_lock.ts); taken at the first write if unset. */
  #lock: SessionLock | undefined;

  private constructor(
    id: string,
    cwd: string,
    messages: Message[],
    writer: SessionWriter | undefined,
    header: SessionHeader | undefined,
    headerWritten: boolean,
    warn: DiagnosticSink,
  ) {
    this.id = id;
    this.cwd = cwd;
    this.initialMessages = messages;
    this.#writer = writer;
    this.#header = header;
    this.#headerWritten = headerWritten;
    this.#warn = warn;
  }

  /** A fresh session (in memory when `sessionsRoot` is unset). */
  static async create(init: SessionInit): Promise<Session> {
    const id = crypto.randomUUID();
    const warn = init.warn ?? (() => {});
    if (!init.path && !init.sessionsRoot) {
      return new Session(id, init.cwd, [], undefined, undefined, false, warn);
    }
    const path = init.path ?? await newSessionPath(init.sessionsRoot!, init.cwd, id);
    // A path named by the user may be named by another run too: lock it now. A fresh
    // random path is locked before its first line is written.
    const lock = init.path ? await takeLock(path) : undefined;
    const header: SessionHeader = {
      type: "session",
      version: 1,
      id,
      cwd: init.cwd,
      created: new Date().toISOString(),
      provider: init.provider,
      model: init.model,
    };
    const session = new Session(id, init.cwd, [], new SessionWriter(path), header, false, warn);
    session.#lock = lock;
    return session;
  }

  /**
   * Reopens a session file and keeps appending to it. Throws when another run
   * holds it; `lock` is one already taken (`-c` takes it while choosing).
   */
  static async open(
    path: string,
    warn: DiagnosticSink = () => {},
    lock?: SessionLock,
  ): Promise<Session> {
    const held = lock ?? await takeLock(path);
    try {
      const loaded = await loadSession(path);
      for (const message of loaded.warnings) {
        warn({ source: "session", severity: "warning", code: "session-line-skipped", message });
      }
      const h = loaded.header;
      const session = new Session(
        h.id,
        h.cwd,
        loaded.messages,
        new SessionWriter(path),
        h,
        true,
        warn,
      );
      session.#lock = held;
      return session;
    } catch (e) {
      held.release();
      throw e;
    }
  }

  /** The file backing this session, if persisted. */
  get path(): string | undefined {
    return this.#writer?.path;
  }

  /** Appends one message (serialized, so lines keep transcript order). */
  append(message: Message): Promise<void> {
    return this.#write(message);
  }

  /** Records a compaction: the first `dropped` messages became `summary`. */
  recordCompaction(dropped: number, summary: Message): Promise<void> {
    return this.#write({ type: "compaction", dropped, summary });
  }

  /** Records a clear: a resumed session starts empty from here. */
  recordClear(): Promise<void> {
    return this.#write({ type: "clear" });
  }

  #write(line: Exclude<SessionLine, SessionHeader>): Promise<void> {
    const writer = this.#writer;
    if (!writer || this.#failed) return Promise.resolve();
    this.#queue = this.#queue.then(async () => {
      if (this.#failed) return;
      try {
        this.#lock ??= await takeLock(writer.path);
        if (!this.#headerWritten && this.#header) {
          await writer.append(this.#header);
          this.#headerWritten = true;
        }
        await writer.append(line);
      } catch (e) {
        this.#failed = true;
        this.#warn({
          source: "session",
          severity: "warning",
          code: "session-save-failed",
          message: `Cannot save session to "${writer.path}": ${
            errorMessage(e)
          } (continuing without saving)`,
        });
      }
    });
    return this.#queue;
  }

  /** Waits for pending writes, closes the file and releases the lock. */
  async close(): Promise<void> {
    await this.#queue;
    this.#writer?.close();
    this.#lock?.release();
    this.#lock = undefined;
  }
}

/** The session's lock, or the error naming its holder. */
async function takeLock(path: string): Promise<SessionLock> {
  const attempt = await lockSession(path);
  if (!attempt.ok) throw sessionInUse(path, attempt.holder);
  return attempt.lock;
}
