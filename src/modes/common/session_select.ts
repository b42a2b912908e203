/**
 * Which session a run uses: `--session <path>`, `-c/--continue` (the latest
 * of this cwd), a new one, or none (`--no-session`; RPC by default).
 *
 * @module
 */

import { dirname, resolve } from "../../path.ts";
import { Session } from "../../agent/session.ts";
import { latestFreeSession } from "../../agent/session_store.ts";
import type { LockHolder } from "../../agent/session_lock.ts";
import { errorMessage, UsageError, ZotError } from "../../errors.ts";
import type { ZotPaths } from "../../config/paths.ts";
import type { RunFlags } from "./flags.ts";
import type { DiagnosticSink } from "../../diagnostic.ts";
import { warning } from "./diagnostics.ts";

/**
 * `--session <file>` naming a file that does not exist yet starts a new
 * session there, so a run can be named up front and continued later.
 */
async function newNamedSession(
  file: string,
  paths: ZotPaths,
  meta: { provider: string; model: string },
  warn: DiagnosticSink,
): Promise<Session> {
  const path = resolve(paths.cwd, file);
  if (!(await isDirectory(dirname(path)))) {
    throw new UsageError(
      `Session file "${file}" cannot be created: "${
        dirname(path)
      }" is not a directory (create it first, or use -c for the latest)`,
    );
  }
  return await Session.create({
    cwd: paths.cwd,
    provider: meta.provider,
    model: meta.model,
    path,
    warn,
  });
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}

export async function selectSession(
  flags: RunFlags,
  paths: ZotPaths,
  meta: { provider: string; model: string; persistByDefault: boolean },
  warn: DiagnosticSink,
): Promise<Session> {
  if (flags.session !== undefined && flags.continue) {
    throw new UsageError(`Use either "--session" or "--continue", not both`);
  }
  if (flags.noSession && (flags.session !== undefined || flags.continue)) {
    const other = flags.continue ? "--continue" : "--session";
    throw new UsageError(
      `"--no-session" cannot be combined with "${other}" (${other} reads and appends to a saved session)`,
    );
  }
  if (flags.session !== undefined) {
    const info = await Deno.stat(resolve(paths.cwd, flags.session)).catch(() => undefined);
    if (info?.isDirectory) {
      throw new UsageError(`Session "${flags.session}" is a directory (name a .jsonl file in it)`);
    }
    // A file made up front (`touch work.jsonl`) is a session not started yet.
    if (!info || (info.isFile && info.size === 0)) {
      return await newNamedSession(flags.session, paths, meta, warn);
    }
    try {
      return await Session.open(resolve(paths.cwd, flags.session), warn);
    } catch (e) {
      // In use by another run: not a usage mistake, and the message says what to do.
      if (e instanceof ZotError) throw e;
      throw new UsageError(errorMessage(e));
    }
  }
  const persist = !flags.noSession && (meta.persistByDefault || flags.continue);
  const init = {
    cwd: paths.cwd,
    provider: meta.provider,
    model: meta.model,
    sessionsRoot: persist ? paths.sessions : undefined,
    warn,
  };
  if (flags.continue) {
    // The latest session no other run is using: two runs on one file would interleave it.
    const free = await latestFreeSession(paths.sessions, paths.cwd);
    const newest = free.busy[0];
    const held = newest ? `"${newest.path}" is in use by ${holderText(newest.holder)}` : "";
    if (free.path && free.lock) {
      if (newest) {
        warn(warning(
          "session",
          "session-choice",
          `${held}; continuing "${free.path}", the latest one not in use`,
        ));
      }
      return await Session.open(free.path, warn, free.lock);
    }
    if (newest) {
      warn(warning(
        "session",
        "session-choice",
        `every session of ${paths.cwd} is in use (${held}); starting a new one`,
      ));
    } else {
      warn(
        warning(
          "session",
          "session-choice",
          `no earlier session in ${paths.cwd}; starting a new one`,
        ),
      );
    }
  }
  return await Session.create(init);
}

function holderText(holder: LockHolder | undefined): string {
  return holder ? `zot process ${holder.pid} (since ${holder.since})` : "another zot process";
}
