/**
 * The live half of `zot ext doctor`: start the runnable extensions through
 * the real manager, wait for ready (3 s), read their status, stop them with
 * a short grace. Never throws: failures come back in the report.
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import { ZOT_VERSION } from "../../version.ts";
import type { SpawnFn } from "../channel.ts";
import { ExtensionHost } from "../host/mod.ts";
import type { ExtensionSource } from "../types.ts";
import type { LiveReport } from "./doctor_render.ts";

export const DOCTOR_READY_MS = 3_000;
export const DOCTOR_STOP_GRACE_MS = 500;

export interface ProbeOptions {
  paths: ZotPaths;
  spawn: SpawnFn;
  /** zot's own slash commands and tools: same-named registrations show as shadowed. */
  builtinCommands?: Iterable<string>;
  builtinTools?: Iterable<string>;
}

export async function probeLive(
  sources: readonly ExtensionSource[],
  options: ProbeOptions,
): Promise<LiveReport> {
  const host = new ExtensionHost({
    spawn: options.spawn,
    paths: options.paths,
    identity: { zotVersion: ZOT_VERSION, provider: "", model: "", cwd: options.paths.cwd },
    builtinCommands: options.builtinCommands,
    builtinTools: options.builtinTools,
  });
  try {
    await host.load(sources);
    await host.waitForReady(DOCTOR_READY_MS);
    return {
      statuses: host.status(),
      failures: host.loadFailures(),
      diagnostics: host.diagnostics(),
    };
  } finally {
    await host.stop(DOCTOR_STOP_GRACE_MS);
  }
}
