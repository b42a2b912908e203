/**
 * Extensions started before their host exists. A run knows what to start
 * once discovery and the provider are known; the host itself needs more (the
 * built-in tool names, the UI, its own modules), and an extension's start-up
 * (a process launched, its runtime loaded, its hello) takes longer than all of
 * that. So the run spawns them first ({@linkcode startEarly}) and hands the
 * spawns to the host's first load, which attaches them as if it had started
 * them itself: same load order, same consent checks (they are part of each
 * spawn), same handshake. Their frames wait in each channel until the host
 * listens. A run that fails before its host takes them stops them
 * ({@linkcode cancelEarly}).
 *
 * @module
 */

import type { HostIdentity, SpawnFn } from "../channel.ts";
import type { ZotPaths } from "../../config/paths.ts";
import type { ExtensionSource } from "../types.ts";
import { planLoadOrder, spawnEach, type SpawnOutcome } from "./load.ts";

/** Spawns under way, in load order, and what ends the handshakes still running. */
export interface EarlyStart {
  readonly planned: readonly ExtensionSource[];
  readonly spawns: readonly Promise<SpawnOutcome>[];
  readonly abort: AbortController;
}

/**
 * Spawn every source in load order, duplicate names (and `skip`) dropped: what a host's load
 * does, before the host or within it.
 */
export function startEarly(
  spawn: SpawnFn,
  sources: readonly ExtensionSource[],
  options: { paths: ZotPaths; identity: HostIdentity; skip?: ReadonlySet<string> },
): EarlyStart {
  const abort = new AbortController();
  const planned = planLoadOrder(sources, options.skip);
  const spawns = spawnEach(spawn, planned, {
    paths: options.paths,
    identity: options.identity,
    signal: abort.signal,
  });
  return { planned, spawns, abort };
}

/** End what `early` started: handshakes still running end, started processes stop now. */
export async function cancelEarly(early: EarlyStart): Promise<void> {
  early.abort.abort("stop");
  const outcomes = await Promise.all(early.spawns);
  await Promise.all(outcomes.map((o) => o.ok ? o.channel?.stop(Date.now()) : undefined));
}

/** What ends the host's handshakes (a stop, a reload) ends those of `abort`'s spawns too. */
export function followAbort(abort: AbortController, signal: AbortSignal): void {
  if (signal.aborted) abort.abort(signal.reason);
  else signal.addEventListener("abort", () => abort.abort(signal.reason), { once: true });
}
