/**
 * Starting the extensions of a run: discovery (explicit `--ext` first, then
 * project and global unless `--no-ext`), load, the shared ready wait. The
 * host module is imported only when there is something to run, so a run
 * without extensions does not pay for it; a `/reload-ext` that finds some
 * later starts the host then ({@linkcode startExtensionsOnReload}), and the
 * agent reaches it through {@linkcode followingHooks}.
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import type { HostUi } from "../../extensions/ui.ts";
import type {
  ExtensionHost,
  HostTimeouts,
  LateJoin,
  ReloadReport,
} from "../../extensions/host/mod.ts";
import { type AgentHooks, NO_HOOKS, type SessionInfo } from "../../agent/hooks.ts";
import type { ExtensionSource } from "../../extensions/types.ts";
import type { EarlyStart } from "../../extensions/host/early.ts";
import { ZOT_VERSION } from "../../version.ts";
import { BUILTIN_COMMAND_NAMES } from "./builtin_names.ts";
import type { DiagnosticSink } from "../../diagnostic.ts";
import type { SpawnFn } from "../../extensions/channel.ts";
import { EXIT_USAGE, ZotError } from "../../errors.ts";
import { stderrLine } from "./output.ts";
import { exists } from "../../path_exists.ts";

export interface StartExtensionsOptions {
  paths: ZotPaths;
  sources: readonly ExtensionSource[];
  ui: HostUi;
  provider: string;
  model: string;
  builtinTools: Iterable<string>;
  /** Where load errors and launch notes go. */
  warn: DiagnosticSink;
  timeouts?: Partial<HostTimeouts>;
  /** An extension start-up went on without joined (its tools are new) or failed. */
  onLateJoin?: (join: LateJoin) => void;
  /** Where `--record-ext` appends the extensions' traffic, with the secrets to keep out of it. */
  record?: { path: string; secrets: readonly (string | undefined)[] };
  /** The extensions the run started before its host ({@linkcode startEarly}). */
  early?: EarlyExtensions;
}

/** Whether `path` exists (a root that cannot be read is as empty to discovery as a missing one). */

/**
 * True when discovery cannot find anything: no `--ext` path and neither
 * extensions root exists. Most runs are such runs, and they skip loading
 * discovery and the trust checks (start-up time); anything that may hold an
 * extension goes through both in full.
 */
async function nothingToDiscover(
  paths: ZotPaths,
  explicit: readonly string[],
  noExt: boolean,
): Promise<boolean> {
  if (explicit.length > 0) return false;
  if (noExt) return true;
  const roots = await Promise.all([exists(paths.projectExtensions), exists(paths.extensions)]);
  return !roots.some((found) => found);
}

/** Runnable sources now (also what `/reload-ext` re-reads). */
export async function discoverSources(
  paths: ZotPaths,
  explicit: readonly string[],
  noExt: boolean,
  warn: DiagnosticSink,
): Promise<ExtensionSource[]> {
  if (await nothingToDiscover(paths, explicit, noExt)) return [];
  const [{ discover }, { checkPinned, isProjectTrusted, untrustedMessage }] = await Promise.all([
    import("../../extensions/discovery.ts"),
    import("../../extensions/trust.ts"),
  ]);
  // Project extensions come with the repository: they run only in a trusted project.
  const projectTrusted = isProjectTrusted(paths.trust, paths.cwd);
  // A trusted project runs only the extensions `zot trust` pinned, as they were then; the
  // others are held back before names are decided, so they cannot stop any other extension.
  const admitProject = (sources: readonly ExtensionSource[]) =>
    checkPinned(paths.trust, paths.cwd, sources);
  const found = await discover({ paths, explicit, noExt, projectTrusted, admitProject });
  if (found.untrusted.length) {
    warn({
      source: "trust",
      severity: "warning",
      code: "project-untrusted",
      message: untrustedMessage(found.untrusted.map((s) => s.manifest.name), paths.cwd),
    });
  }
  // Skipped directories (info) and one-per-directory trust notes are for `zot ext doctor`.
  for (const d of found.diagnostics) if (d.severity === "error") warn(d);
  for (const h of found.held) {
    if (h.source.manifest.enabled === false) continue;
    warn({
      source: "trust",
      severity: "warning",
      code: "project-held",
      extension: h.source.manifest.name,
      dir: h.source.dir,
      message: h.message,
    });
  }
  return found.value.filter((s) => s.manifest.enabled !== false);
}

type HostOptions = Omit<StartExtensionsOptions, "sources" | "warn">;

type HostModules = [
  typeof import("../../extensions/host/mod.ts"),
  typeof import("../../extensions/process/mod.ts"),
];

let hostModules: Promise<HostModules> | undefined;

/** The host's modules, imported once (about 65 of them: worth starting early). */
function importHost(): Promise<HostModules> {
  hostModules ??= Promise.all([
    import("../../extensions/host/mod.ts"),
    import("../../extensions/process/mod.ts"),
  ]);
  return hostModules;
}

/**
 * Starts importing the host's modules when `sources` has something to run,
 * so the import overlaps the reads that come before the first spawn (skills,
 * credentials) instead of following them. Nothing is imported otherwise.
 */
export function preloadHost(sources: readonly ExtensionSource[]): void {
  // A failed import is reported by the startExtensions that awaits it, not here.
  if (runnable(sources)) importHost().catch(() => {});
}

async function newHost(o: HostOptions): Promise<ExtensionHost> {
  const [{ ExtensionHost }, { spawnExtension }] = await importHost();
  return new ExtensionHost({
    spawn: o.record ? await recording(spawnExtension, o.record) : spawnExtension,
    paths: o.paths,
    identity: { zotVersion: ZOT_VERSION, provider: o.provider, model: o.model, cwd: o.paths.cwd },
    ui: o.ui,
    builtinCommands: BUILTIN_COMMAND_NAMES,
    builtinTools: o.builtinTools,
    timeouts: o.timeouts,
    onLateJoin: o.onLateJoin,
  });
}

/** `spawn`, recording every channel's frames; a file that cannot be opened stops the run. */
async function recording(
  spawn: SpawnFn,
  record: NonNullable<HostOptions["record"]>,
): Promise<SpawnFn> {
  const [{ FrameRecorder }, { recordingSpawn }] = await Promise.all([
    import("../../extensions/record/recorder.ts"),
    import("../../extensions/record/tap.ts"),
  ]);
  const opened = FrameRecorder.open(record.path, record.secrets, (m) => stderrLine(`zot: ${m}`));
  if (!opened.ok) throw new ZotError("usage", opened.error, EXIT_USAGE);
  return recordingSpawn(spawn, opened.recorder);
}

/** Whether any source has a process to run (theme- or skill-only bundles do not). */
function runnable(sources: readonly ExtensionSource[]): boolean {
  return sources.some((s) => s.manifest.exec);
}

/** Extensions spawned before their host; disposed before the host took them, they stop. */
export interface EarlyExtensions extends AsyncDisposable {
  /** The spawns, now the host's to load (undefined: none were started; the host spawns). */
  take(): Promise<EarlyStart | undefined>;
}

/**
 * Spawn the run's extensions as soon as `sources` (discovery) and `provider`
 * (what `hello_ack` announces) are known, so their start-up runs alongside
 * the rest of the run's set-up instead of after it (src/extensions/host/early.ts).
 * Not when the traffic is recorded (its file opens with the host), and never
 * a failure of its own: anything that goes wrong here leaves the spawning to
 * the host, which reports it.
 */
export function startEarly(o: {
  paths: ZotPaths;
  sources: Promise<readonly ExtensionSource[]>;
  provider: Promise<{ id: string; model: string }>;
  recording: boolean;
}): EarlyExtensions {
  let taken = false;
  const started = o.recording ? Promise.resolve(undefined) : Promise.all([o.sources, o.provider])
    .then(async ([sources, provider]) => {
      if (!runnable(sources)) return undefined;
      const [{ startEarly }, { spawnExtension }] = await Promise.all([
        import("../../extensions/host/early.ts"),
        import("../../extensions/process/mod.ts"),
      ]);
      return startEarly(spawnExtension, sources, {
        paths: o.paths,
        identity: {
          zotVersion: ZOT_VERSION,
          provider: provider.id,
          model: provider.model,
          cwd: o.paths.cwd,
        },
      });
    })
    .catch(() => undefined);
  return {
    take() {
      taken = true;
      return started;
    },
    async [Symbol.asyncDispose]() {
      if (taken) return;
      taken = true;
      const early = await started;
      if (early) await (await import("../../extensions/host/early.ts")).cancelEarly(early);
    },
  };
}

/** The started host, or undefined when no extension is configured. */
export async function startExtensions(
  o: StartExtensionsOptions,
): Promise<ExtensionHost | undefined> {
  if (!runnable(o.sources)) return undefined;
  const host = await newHost(o);
  // A silent extension does not hold up the run: it joins late or fails on its own.
  const report = await host.load(o.sources, { joinLate: true, started: await o.early?.take() });
  for (const error of report.errors) o.warn(error);
  // Launch notes, e.g. the scope an `--ext` sandboxed extension runs with.
  for (const status of host.status()) {
    for (const message of status.notes) {
      o.warn({
        source: "load",
        severity: "info",
        code: "launch-note",
        extension: status.name,
        dir: status.dir,
        message,
      });
    }
  }
  await host.waitForReady();
  return host;
}

export interface StartOnReloadOptions extends HostOptions {
  /** Discovery now (errors go to its own warnings). */
  rediscover: () => Promise<readonly ExtensionSource[]>;
  /** The open session: the new extensions join it, as after any reload. */
  session: SessionInfo;
}

/**
 * `/reload-ext` in a run that started no host: discover again and, when
 * something is runnable now, start a host that loads it exactly as a reload
 * would (same ready wait, same report, the session open but not replayed to
 * them). `host` is undefined when there is still nothing to run.
 */
export async function startExtensionsOnReload(
  o: StartOnReloadOptions,
): Promise<{ host: ExtensionHost | undefined; report: ReloadReport }> {
  const sources = await o.rediscover();
  if (!runnable(sources)) {
    return { host: undefined, report: { stopped: 0, loaded: 0, ready: 0, errors: [] } };
  }
  const host = await newHost(o);
  // Opened before anything loads, so no extension receives a session_start for it:
  // reloaded extensions never do (spec: reload does not replay earlier events).
  host.startSession(o.session);
  const report = await host.reload(() => sources);
  return { host, report };
}

/**
 * Agent hooks that follow the run's host as it is now: none at start-up
 * (NO_HOOKS), the host a `/reload-ext` started afterwards.
 */
export function followingHooks(current: () => AgentHooks | undefined): AgentHooks {
  const hooks = (): AgentHooks => current() ?? NO_HOOKS;
  return {
    notify: (event) => hooks().notify(event),
    paced: () => hooks().paced(),
    startSession: (info, endReason) => hooks().startSession(info, endReason),
    endSession: (reason) => hooks().endSession(reason),
    interceptToolCall: (call, signal) => hooks().interceptToolCall(call, signal),
    interceptTurnStart: (step, signal) => hooks().interceptTurnStart(step, signal),
    interceptAssistantMessage: (text, signal) => hooks().interceptAssistantMessage(text, signal),
    beforeAgentStart: (input, signal) => hooks().beforeAgentStart(input, signal),
    hasInterceptor: (event) => hooks().hasInterceptor(event),
  };
}
