/**
 * One conversation's identity and persistence. A session without a store
 * (`--no-session`, RPC by default) still has an id for lifecycle events.
 * The file is created at the first message, so an idle run leaves nothing.
 *
 * @module
 */

import type { Message } from "./types.ts";
import {
  loadSession,
  newSessionPath,
  type SessionHeader,
  type SessionLine,
  SessionWriter,
} from "./session_store.ts";
import { errorMessage } from "../errors.ts";

export interface SessionInit {
  cwd: string;
  provider: string;
  model: string;
  /** `$ZOT_HOME/sessions`; undefined keeps the session in memory only. */
  sessionsRoot?: string;
  /** Persist to exactly this file (`--session` naming a new file); wins over `sessionsRoot`. */
  path?: string;
  /** Reports write failures (the run continues without persistence). */
  warn?: (message: string) => void;
}

export class Session {
  readonly id: string;
  readonly cwd: string;
  /** Messages loaded from disk (continue / --session). */
  readonly initialMessages: Message[];
  #writer: SessionWriter | undefined;
  #header: SessionHeader | undefined;
  #headerWritten: boolean;
  #warn: (message: string) => void;
  #failed = false;
  #queue: Promise<void> = Promise.resolve();

  private constructor(
    id: string,
    cwd: string,
    messages: Message[],
    writer: SessionWriter | undefined,
    header: SessionHeader | undefined,
    headerWritten: boolean,
    warn: (message: string) => void,
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
    const header: SessionHeader = {
      type: "session",
      version: 1,
      id,
      cwd: init.cwd,
      created: new Date().toISOString(),
      provider: init.provider,
      model: init.model,
    };
    return new Session(id, init.cwd, [], new SessionWriter(path), header, false, warn);
  }

  /** Reopens a session file and keeps appending to it. */
  static async open(path: string, warn: (message: string) => void = () => {}): Promise<Session> {
    const loaded = await loadSession(path);
    for (const w of loaded.warnings) warn(w);
    const h = loaded.header;
    return new Session(h.id, h.cwd, loaded.messages, new SessionWriter(path), h, true, warn);
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
        if (!this.#headerWritten && this.#header) {
          await writer.append(this.#header);
          this.#headerWritten = true;
        }
        await writer.append(line);
      } catch (e) {
        this.#failed = true;
        this.#warn(
          `Cannot save session to "${writer.path}": ${errorMessage(e)} (continuing without saving)`,
        );
      }
    });
    return this.#queue;
  }

  /** Waits for pending writes and closes the file. */
  async close(): Promise<void> {
    await this.#queue;
    this.#writer?.close();
  }
}
