/**
 * Starting a set of sources: every non-passive source is spawned in
 * parallel, but the resulting load order is deterministic (explicit sources
 * first, then the rest, each in the order given), never completion order.
 * A manifest name loads once; later duplicates are skipped silently.
 *
 * @module
 */

import type { ExtensionChannel, SpawnFn, SpawnOptions } from "../channel.ts";
import { type ExtensionSource, isPassive } from "../types.ts";
import { errorMessage } from "../../errors.ts";

export type SpawnOutcome =
  | { ok: true; source: ExtensionSource; channel?: ExtensionChannel; notes: string[] }
  | {
    ok: false;
    source: ExtensionSource;
    error: string;
    logPath?: string;
    stderrQuoted?: boolean;
  };

/** `sources` in load order with duplicate manifest names (and `skip`) removed. */
export function planLoadOrder(
  sources: readonly ExtensionSource[],
  skip: ReadonlySet<string> = new Set(),
): ExtensionSource[] {
  const ordered = sources
    .map((source, index) => ({ source, index, rank: source.kind === "explicit" ? 0 : 1 }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  const seen = new Set(skip);
  const out: ExtensionSource[] = [];
  for (const { source } of ordered) {
    if (seen.has(source.manifest.name)) continue;
    seen.add(source.manifest.name);
    out.push(source);
  }
  return out;
}

/** Spawn every planned source at once; outcomes come back in plan order. */
export function spawnAll(
  spawn: SpawnFn,
  planned: readonly ExtensionSource[],
  options: SpawnOptions,
): Promise<SpawnOutcome[]> {
  return Promise.all(planned.map(async (source): Promise<SpawnOutcome> => {
    if (isPassive(source)) return { ok: true, source, notes: [] };
    try {
      const result = await spawn(source, options);
      if (result.ok) return { ok: true, source, channel: result.channel, notes: result.notes };
      return { ...result, source };
    } catch (e) {
      // A spawner must return errors as values; a throw still only fails this one.
      return {
        ok: false,
        source,
        error: `Cannot start extension "${source.manifest.name}": ${errorMessage(e)}`,
      };
    }
  }));
}
