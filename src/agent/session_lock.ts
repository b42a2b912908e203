/**
 * One writer per session file. A run that uses a session holds an exclusive
 * OS advisory lock (flock) on a lock file beside it, `<session>.lock`, which
 * also names the holder (pid, start time) for the error a second run shows.
 *
 * The OS drops the lock when its holder exits, however it exits (a crash,
 * SIGKILL), so a lock file left by a dead process is taken over simply by
 * locking it: no guess about whether a pid is still alive (and no race
 * between two runs that both think so). A clean exit also removes the file.
 *
 * @module
 */

import { basename, dirname, join } from "../path.ts";
import { ZotError } from "../errors.ts";

/** Who holds a session, as its lock file says. */
export interface LockHolder {
  pid: number;
  /** ISO time the holder took the lock. */
  since: string;
}

export type LockAttempt =
  | { ok: true; lock: SessionLock }
  | { ok: false; holder: LockHolder | undefined };

/** The lock file of a session file. */
export function lockPathOf(sessionPath: string): string {
  return `${sessionPath}.lock`;
}

/** A held lock; `release` removes the file and unlocks (idempotent). */
export class SessionLock {
  readonly #file: Deno.FsFile;
  readonly path: string;
  #released = false;

  constructor(file: Deno.FsFile, path: string) {
    this.#file = file;
    this.path = path;
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    // Removed while still locked: a run waiting to lock it then finds no file
    // or a new one; one that opened this file meanwhile sees it is gone (below).
    try {
      Deno.removeSync(this.path);
    } catch {
      // Already gone (removed by hand): the lock still ends below.
    }
    this.#file.close();
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** A lock file keeps changing under us only if runs race to remove it; give up after this. */
const ATTEMPTS = 5;

/**
 * Take the session's lock, or say who holds it. Throws only on file-system
 * errors. The lock lies beside the real file: two names of one file (a
 * symlink, `./x` and `x`) are one session and take one lock.
 */
export async function lockSession(sessionPath: string): Promise<LockAttempt> {
  await Deno.mkdir(dirname(sessionPath), { recursive: true, mode: 0o700 });
  const path = lockPathOf(await realFile(sessionPath));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const file = await Deno.open(path, { read: true, write: true, create: true, mode: 0o600 });
    let locked: boolean;
    try {
      locked = await file.tryLock(true);
    } catch (e) {
      file.close();
      throw e;
    }
    if (!locked) {
      const holder = await readHolder(file);
      file.close();
      return { ok: false, holder };
    }
    // The previous holder may have removed the file between our open and our
    // lock: then we hold a lock nobody else can see. Try the file at the path.
    if (!(await isFileAt(file, path))) {
      file.close();
      continue;
    }
    const holder: LockHolder = { pid: Deno.pid, since: new Date().toISOString() };
    await file.truncate(0);
    await file.seek(0, Deno.SeekMode.Start);
    await file.write(encoder.encode(JSON.stringify(holder) + "\n"));
    return { ok: true, lock: new SessionLock(file, path) };
  }
  throw new ZotError(
    "session-lock",
    `Cannot lock session "${sessionPath}": its lock file "${path}" keeps changing (try again)`,
  );
}

/** The error for a session another run holds, with the remedy. */
export function sessionInUse(sessionPath: string, holder: LockHolder | undefined): ZotError {
  const who = holder ? `zot process ${holder.pid} (since ${holder.since})` : "another zot process";
  return new ZotError(
    "session-in-use",
    `Session "${sessionPath}" is in use by ${who}: two runs would interleave it ` +
      `(wait for that run to end or stop it, or start a new session without -c/--session)`,
  );
}

async function readHolder(file: Deno.FsFile): Promise<LockHolder | undefined> {
  try {
    await file.seek(0, Deno.SeekMode.Start);
    const buffer = new Uint8Array(256);
    const n = await file.read(buffer);
    const value: unknown = JSON.parse(decoder.decode(buffer.subarray(0, n ?? 0)));
    if (typeof value !== "object" || value === null) return undefined;
    const { pid, since } = value as Record<string, unknown>;
    if (typeof pid !== "number" || typeof since !== "string") return undefined;
    return { pid, since };
  } catch {
    // Being written this instant, or unreadable (Windows locks are mandatory).
    return undefined;
  }
}

/** The file's real path; for one not created yet, its real directory and its name. */
async function realFile(path: string): Promise<string> {
  try {
    return await Deno.realPath(path);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    return join(await Deno.realPath(dirname(path)), basename(path));
  }
}

async function isFileAt(file: Deno.FsFile, path: string): Promise<boolean> {
  try {
    const [held, there] = await Promise.all([file.stat(), Deno.stat(path)]);
    return held.ino === there.ino && held.dev === there.dev;
  } catch {
    return false;
  }
}
