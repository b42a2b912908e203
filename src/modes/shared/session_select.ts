/**
 * Which session a run uses: `--session <path>`, `-c/--continue` (the latest
 * of this cwd), a new one, or none (`--no-session`; RPC by default).
 *
 * @module
 */

import { Session } from "../../agent/session.ts";
import { latestSession } from "../../agent/session_store.ts";
import { UsageError } from "../../errors.ts";
import type { ZotPaths } from "../../config/paths.ts";
import type { RunFlags } from "./flags.ts";
import type { LineWriter } from "./output.ts";

export async function selectSession(
  flags: RunFlags,
  paths: ZotPaths,
  meta: { provider: string; model: string; persistByDefault: boolean },
  warn: LineWriter,
): Promise<Session> {
  if (flags.session !== undefined && flags.continue) {
    throw new UsageError(`Use either "--session" or "--continue", not both`);
  }
  if (flags.session !== undefined) {
    try {
      return await Session.open(flags.session, warn);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) {
        throw new UsageError(
          `Session file "${flags.session}" not found (check the path, or use -c for the latest)`,
        );
      }
      throw new UsageError(e instanceof Error ? e.message : String(e));
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
    const latest = await latestSession(paths.sessions, paths.cwd);
    if (latest) return await Session.open(latest, warn);
    warn(`zot: no earlier session in ${paths.cwd}; starting a new one`);
  }
  return await Session.create(init);
}
