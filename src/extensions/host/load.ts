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
import type { Diagnostic } from "../../diagnostic.ts";
import type { LoadFailure } from "./status.ts";

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
  return Promise.all(spawnEach(spawn, planned, options));
}

/**
 * Wait for the spawns, but not for the whole hello timeout for a silent one:
 * once `joinWaitMs` has passed, the wait goes on only while the extensions
 * that did say hello are not all ready yet (itself bounded by `readyWaitMs`).
 * An entry left undefined is a spawn still in its handshake: it joins late
 * or fails on its own.
 */
export async function awaitStartup(
  spawns: readonly Promise<SpawnOutcome>[],
  joinWaitMs: number,
  readyWaitMs: number,
): Promise<(SpawnOutcome | undefined)[]> {
  const outcomes: (SpawnOutcome | undefined)[] = spawns.map(() => undefined);
  const tracked = spawns.map((p, i) => p.then((o) => void (outcomes[i] = o)));
  const all = Promise.all(tracked).then(() => "all" as const);
  const join = delay(joinWaitMs);
  const ready = delay(joinWaitMs + readyWaitMs);
  try {
    if (await Promise.race([all, join.promise.then(() => "join" as const)]) === "all") {
      return outcomes;
    }
    // Past the join wait: until the ones that said hello are ready, a
    // late hello still joins the start-up.
    while (true) {
      const waiting = tracked.filter((_, i) => outcomes[i] === undefined);
      if (waiting.length === 0) return outcomes;
      const readies = outcomes.flatMap((o) => o?.ok && o.channel ? [o.channel.ready] : []);
      const next = await Promise.race([
        Promise.race(waiting).then(() => "hello" as const),
        Promise.all(readies).then(() => "ready" as const),
        ready.promise.then(() => "ready" as const),
      ]);
      if (next === "ready") return [...outcomes];
    }
  } finally {
    join.cancel();
    ready.cancel();
  }
}

/** One spawn per planned source, started at once, in plan order. */
export function spawnEach(
  spawn: SpawnFn,
  planned: readonly ExtensionSource[],
  options: SpawnOptions,
): Promise<SpawnOutcome>[] {
  return planned.map(async (source): Promise<SpawnOutcome> => {
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
  });
}

/** A timer promise that can be cancelled, so no timer outlives the wait. */
function delay(ms: number): { promise: Promise<void>; cancel(): void } {
  const { promise, resolve } = Promise.withResolvers<void>();
  const timer = setTimeout(resolve, ms);
  return { promise, cancel: () => clearTimeout(timer) };
}

/** A failed start as the host records it: a failure row for doctor and a load diagnostic. */
export function startFailure(
  outcome: Extract<SpawnOutcome, { ok: false }>,
): { failure: LoadFailure; diagnostic: Diagnostic } {
  const failure: LoadFailure = {
    name: outcome.source.manifest.name,
    dir: outcome.source.dir,
    error: outcome.error,
  };
  if (outcome.logPath) failure.logPath = outcome.logPath;
  if (outcome.stderrQuoted) failure.stderrQuoted = true;
  const diagnostic: Diagnostic = {
    source: "load",
    severity: "error",
    code: "start-failed",
    extension: failure.name,
    dir: failure.dir,
    message: outcome.error,
  };
  return { failure, diagnostic };
}
