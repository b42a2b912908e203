/**
 * What every mode needs before the first prompt: paths, provider/model/key,
 * built-in and extension tools, the extension host (with the mode's HostUi),
 * the session and the agent. The TUI reuses it through `createSetup`.
 *
 * @module
 */

import { resolve } from "../../path.ts";
import { denoEnv, type EnvGet, zotHome, type ZotPaths, zotPaths } from "../../config/paths.ts";
import { loadCredentials } from "../../config/credentials.ts";
import { rememberModel } from "../../config/settings.ts";
import { DEPTH_ENV, depthOf } from "../../agent/subagents/depth.ts";
import { errorMessage, UsageError } from "../../errors.ts";
import { Agent } from "../../agent/loop.ts";
import { ToolRegistry } from "../../agent/tool_registry.ts";
import { AgentToolCaller } from "../../agent/tool_caller.ts";
import type { Confirmer } from "../../agent/confirm.ts";
import type { Session } from "../../agent/session.ts";
import type { HostUi } from "../../extensions/ui.ts";
import type {
  ExtensionHost,
  HostTimeouts,
  LateJoin,
  ReloadReport,
} from "../../extensions/host/mod.ts";
import type { ProviderId } from "../../providers/types.ts";
import { defaultMaxTokens, findModel } from "../../providers/models.ts";
import { autoCompactDue } from "../../agent/compaction_due.ts";
import { lookUpModelLazily } from "./model_info.ts";
import { type BashSandbox, createJail, type JailPolicy } from "../../tools/mod.ts";
import { readBashSandbox } from "../../config/bash_sandbox.ts";
import { createBashSandbox, removeSandboxTemp } from "./bash_sandbox.ts";
import type { ModeName, RunFlags } from "./flags.ts";
import { resolveProvider } from "./provider.ts";
import { builtinTools, loadSkills, toolAllowList } from "./tools.ts";
import {
  discoverSources,
  followingHooks,
  preloadHost,
  startEarly,
  startExtensions,
  startExtensionsOnReload,
} from "./extensions.ts";
import { selectSession } from "./session_select.ts";
import { systemPromptBuilder } from "./prompt_sources.ts";
import { stderrLine } from "./output.ts";
import type { Diagnostic, DiagnosticSink } from "../../diagnostic.ts";
import { lineSink, warning } from "./diagnostics.ts";
import { SwitchableUi } from "./switch_ui.ts";
import { createSubagents } from "./subagents.ts";
import { exitOnSignal } from "./interrupt.ts";
import { RECORD_ENV, recordTarget } from "./record.ts";

export interface SetupOptions {
  mode: ModeName;
  flags: RunFlags;
  ui: HostUi;
  cwd?: string;
  env?: EnvGet;
  /** Notes and warnings (default: one line each on stderr). */
  warn?: DiagnosticSink;
  /** The TUI's dialog for `--no-yolo`; headless modes have none. */
  confirmer?: Confirmer;
  /** Sessions are saved unless `--no-session` (RPC: only when asked for). */
  persistSessions?: boolean;
  /** Shorter extension deadlines (tests). */
  timeouts?: Partial<HostTimeouts>;
}

export interface RunSetup {
  mode: ModeName;
  flags: RunFlags;
  paths: ZotPaths;
  providerId: ProviderId;
  agent: Agent;
  session: Session;
  /** The extension host; a `/reload-ext` may start one in a run that began without. */
  readonly host: ExtensionHost | undefined;
  /** The `/jail` policy of the built-in tools (`root` undefined = unjailed). */
  jail: JailPolicy;
  /** The `--sandbox` state of bash (`enabled` switched by the TUI's `/sandbox`). */
  bashSandbox: BashSandbox;
  warn: DiagnosticSink;
  /** Sends later warnings (reload discovery errors, save failures) elsewhere. */
  setWarn(sink: DiagnosticSink): void;
  /** Plugs the TUI's confirmation dialog; ignored unless `--no-yolo`. */
  setConfirmer(confirmer: Confirmer): void;
  /**
   * `/reload-ext`: respawn extensions (or start the first ones discovery
   * finds now), refresh tools, rebuild the prompt.
   */
  reloadExtensions(): Promise<ReloadReport>;
  /** Ends the session (`shutdown`), flushes it and stops extensions. */
  shutdown(): Promise<void>;
}

export async function createSetup(options: SetupOptions): Promise<RunSetup> {
  // A signal while extensions start exits at once, their groups killed first: there is no run
  // to abort yet, and Deno's default would end zot without stopping anything.
  using _startup = exitOnSignal();
  const { flags, mode } = options;
  // Switchable: the TUI sends warnings to its own view once it draws.
  let warnTarget = options.warn ?? lineSink(stderrLine);
  const warn: DiagnosticSink = (d) => warnTarget(d);
  const cwd = resolve(options.cwd ?? Deno.cwd());
  const env = options.env ?? denoEnv;
  const paths = zotPaths(cwd, zotHome(env));
  // `--no-yolo` asks before each tool call and only the TUI can ask: a headless run would run every
  // tool unasked, the opposite of what the flag requests. Refused before anything runs.
  if (!flags.yolo && mode !== "interactive") {
    throw new UsageError(
      `--no-yolo needs the TUI to confirm each tool call, and ${mode} mode cannot ask ` +
        `(drop --no-yolo, or choose what may run with --tools read,edit or --no-tools)`,
    );
  }
  const allow = toolAllowList(flags);
  // Independent file reads run together: start-up time is measured to the first request.
  // Read once: the run's provider and the subagent children share them.
  const credentials = loadCredentials(flags, paths, env);
  const resolving = credentials.then((loaded) => {
    const r = resolveProvider(flags, loaded, warn, { allowMissingKey: mode === "interactive" });
    // A headless run calls the model for sure: overlap the SDK import with set-up.
    if (mode === "print" || mode === "json") r.provider.prepare?.();
    return r;
  });
  const discovering = discoverSources(paths, flags.ext, flags.noExt, warn);
  // Extensions start once both are known, alongside the rest of the set-up (stopped should
  // it fail before their host takes them).
  const recording = Boolean(flags.recordExt ?? env(RECORD_ENV));
  await using early = startEarly({ paths, sources: discovering, provider: resolving, recording });
  const [resolved, { sources, skills }] = await Promise.all([
    resolving,
    discovering.then(async (sources) => {
      // The host's import runs alongside the skills and credentials, not after them.
      preloadHost(sources);
      return { sources, skills: await loadSkills(flags, paths, sources, env, warn) };
    }),
  ]);
  // An explicit --provider / --model is the user's choice for the next runs too (as /model is);
  // subagent children pass their profile's, which is no choice. Awaited at shutdown.
  const remembered = (flags.provider !== undefined || flags.model !== undefined) &&
      depthOf(env(DEPTH_ENV)) === 0
    ? rememberModel(paths.config, resolved.id, resolved.model).catch((e) =>
      warn(warning("config", "settings-save-failed", errorMessage(e)))
    )
    : undefined;
  // The `subagent` tool (src/agent/subagents); agent and hooks are bound at its first call.
  const subagents = createSubagents({
    paths,
    flags,
    env,
    credentials: (await credentials).result,
    allow,
    emit: (event): void => agent.emit(event),
    sessionId: (): string => agent.session.id,
    jailed: (): boolean => jail.root !== undefined,
    sandboxed: (): boolean => bashSandbox.enabled,
    confirmsCalls: !flags.yolo && mode === "interactive",
  });
  // Mutable: the TUI's /jail and /unjail switch it without rebuilding the tools.
  const jail = createJail();
  // Mutable too (/sandbox); a sandbox that starts on and cannot run stops the run here.
  const sandboxSettings = readBashSandbox((await credentials).settings.raw, paths.config);
  for (const d of sandboxSettings.diagnostics) warn(warning("config", "config-invalid", d));
  const bashSandbox = await createBashSandbox({
    flag: flags.sandbox,
    settings: sandboxSettings.value,
    project: cwd,
    zotHome: paths.home,
  });
  const builtins = builtinTools(cwd, skills, allow, jail, bashSandbox);
  if (subagents) builtins.push(subagents.tool);
  const registry = new ToolRegistry(builtins, { allow });
  const promptSkills = skills.map((s) => ({ name: s.name, description: s.description }));
  // Set once the host and the agent exist (a late join before that is folded in below).
  let refreshExtensionTools = (): void => {};
  const hostOptions = {
    paths,
    ui: options.ui,
    provider: resolved.id,
    model: resolved.model,
    builtinTools: builtins.map((t) => t.name),
    timeouts: options.timeouts,
    record: recordTarget(flags, env, cwd, await credentials),
    // An extension that said hello after start-up went on: its tools join the next request.
    onLateJoin: (join: LateJoin) => {
      if (join.error !== undefined) warn(join.error);
      else refreshExtensionTools();
    },
  };
  const rediscover = () => discoverSources(paths, flags.ext, flags.noExt, warn);
  const creds = (await credentials).result;
  const [startedHost, session, basePrompt, model] = await Promise.all([
    startExtensions({ ...hostOptions, sources, warn, early }),
    selectSession(flags, paths, {
      provider: resolved.id,
      model: resolved.model,
      persistByDefault: options.persistSessions ?? true,
    }, warn),
    // Skills are loaded through the skill tool: without it (--no-tools, --tools read) listing
    // them only sends the model after a tool it does not have.
    systemPromptBuilder(flags, paths, registry, () => registry.get("skill") ? promptSkills : []),
    // Limits and prices of a model beyond the catalog: models.json, else the server says. Only
    // runs of several prompts ask the server: one prompt never compacts, and need not wait.
    lookUpModelLazily({
      provider: resolved.id,
      model: resolved.model,
      modelsFile: paths.models,
      ...(creds.ok && (mode === "interactive" || mode === "rpc")
        ? { baseUrl: creds.value.baseUrl, apiKey: creds.value.apiKey }
        : {}),
    }),
  ]);
  for (const d of model.diagnostics) warn(warning("config", "config-invalid", d));
  const unknownWindows = new Set<string>();
  // `let`: a `/reload-ext` in a run that started with none may start the host later.
  let host = startedHost;
  if (host) registry.setExtensionTools(host.tools());
  let built: Agent | undefined = undefined;
  refreshExtensionTools = () => {
    if (host) registry.setExtensionTools(host.tools());
    built?.invalidateSystemPrompt();
  };
  if (allow) {
    const unknown = allow.filter((name) => !registry.get(name));
    if (unknown.length > 0) {
      // The registry holds only allowed tools: list every name the run could offer.
      const known = [
        ...builtinTools(cwd, skills, undefined, jail).map((t) => t.name),
        ...(subagents ? [subagents.tool.name] : []),
        ...(host?.tools().map((t) => t.name) ?? []),
      ];
      for (const name of unknown) {
        warn(warning(
          "run",
          "unknown-tool",
          `--tools names "${name}", which no tool provides (available: ${known.join(", ")})`,
        ));
      }
    }
  }
  const interactive = options.ui.interactive && mode === "interactive";
  const agent = new Agent({
    provider: resolved.provider,
    model: resolved.model,
    registry,
    session,
    basePrompt,
    cwd,
    hooks: followingHooks(() => host),
    confirmer: flags.yolo ? undefined : options.confirmer,
    interactive,
    maxSteps: flags.maxSteps,
    maxToolCalls: flags.maxToolCalls ?? (await credentials).settings.maxToolCalls,
    // An Anthropic model the table does not know: the provider asks the API for the model's own
    // limit. OpenAI's API reports none, so the fixed default stays.
    maxTokens: resolved.id === "anthropic" && !findModel(resolved.model)?.maxOutput
      ? undefined
      : defaultMaxTokens(resolved.model),
    autoCompact: async (signal) => {
      const window = findModel(agent.model)?.contextWindow;
      // Said once per model, when a second prompt could have needed it.
      if (!window && agent.contextTokens > 0 && !unknownWindows.has(agent.model)) {
        unknownWindows.add(agent.model);
        warn(warning(
          "config",
          "model-unknown",
          `The context window of model "${agent.model}" is unknown, so auto-compaction is off`,
          `add it to ${paths.models}, e.g. {"models": {"${agent.model}": {"context_window": 32768}}}, or run /compact yourself`,
        ));
      }
      // Checked here first: the compaction code loads only for a prompt that compacts.
      if (!autoCompactDue(agent.contextTokens, window)) return;
      const { autoCompact } = await import("../../agent/compaction.ts");
      await autoCompact(agent, signal, window);
    },
  });
  built = agent;
  const toolCaller = new AgentToolCaller(() => agent.toolEnv());
  host?.setToolCaller(toolCaller);

  let closed = false;
  return {
    mode,
    flags,
    paths,
    providerId: resolved.id,
    agent,
    session,
    get host() {
      return host;
    },
    jail,
    bashSandbox,
    warn,
    setWarn(sink) {
      warnTarget = sink;
    },
    setConfirmer(confirmer) {
      if (!flags.yolo) agent.setConfirmer(confirmer);
    },
    async reloadExtensions() {
      let report: ReloadReport;
      if (host) report = await host.reload(rediscover);
      else {
        const started = await startExtensionsOnReload({
          ...hostOptions,
          rediscover,
          session: { sessionId: agent.session.id, cwd: agent.cwd },
        });
        report = started.report;
        if (!started.host) return report;
        host = started.host;
        host.setToolCaller(toolCaller);
      }
      registry.setExtensionTools(host.tools());
      agent.invalidateSystemPrompt();
      return report;
    },
    async shutdown() {
      if (closed) return;
      closed = true;
      // A signal now (a second Ctrl-C, the terminal closing) exits at once, extension groups
      // killed first: the orderly stop below may take seconds.
      using _signals = exitOnSignal();
      // Runners get up to 2 s to return (and emit subagent_stop) before extensions close.
      await subagents?.shutdown();
      // Stopped during the run: closed before the session ends (an extension may exit on its end).
      const stoppedInRun = new Set(
        host?.status().filter((s) => s.state === "closed").map((s) => s.name),
      );
      agent.hooks.endSession("shutdown");
      await Promise.all([agent.session.close(), remembered, removeSandboxTemp(bashSandbox)]);
      // An extension that died mid-run otherwise leaves only "disconnected" tool errors; how it
      // ended is known a moment after its output ended.
      await host?.closesRecorded();
      for (const s of host?.status() ?? []) {
        if (s.logLost) {
          warn({
            ...warning(
              "run",
              "extension-log-lost",
              `lines of extension "${s.name}" were lost: its log ${s.logPath} could not be written (${s.logLost})`,
              "free some disk space",
            ),
            extension: s.name,
          });
        }
        if (stoppedInRun.has(s.name) && s.closeReason) {
          warn({
            ...warning(
              "run",
              "extension-stopped",
              `extension "${s.name}" stopped during the run (${s.closeReason}; see "zot ext logs ${s.name}")`,
            ),
            extension: s.name,
          });
        }
      }
      await host?.stop();
    },
  };
}

/** What the TUI receives: the setup, its switchable UI and the first prompt. */
export interface InteractiveSetup extends RunSetup {
  /** Attach the TUI's HostUi (notes that arrived during start-up are replayed). */
  ui: SwitchableUi;
  /** `zot "prompt"` in a terminal: the editor starts with this text. */
  initialPrompt?: string;
  /** Warnings of the start-up (extension load errors…), for the TUI to show. */
  startupWarnings: Diagnostic[];
}

/** Setup for the TUI: an interactive host UI attached later, session opened now. */
export async function createInteractiveSetup(
  flags: RunFlags,
  initialPrompt?: string,
  options: Partial<SetupOptions> = {},
): Promise<InteractiveSetup> {
  const ui = new SwitchableUi(true);
  // Kept for the TUI, which draws them in its own view; printed if setup fails.
  const startupWarnings: Diagnostic[] = [];
  const setup = await createSetup({
    mode: "interactive",
    flags,
    ui,
    warn: (d) => startupWarnings.push(d),
    ...options,
  }).catch((e) => {
    for (const d of startupWarnings) lineSink(stderrLine)(d);
    throw e;
  });
  // Interactive sessions open when initialised, not at the first prompt.
  setup.agent.startSession();
  // Not a spread: `host` is a getter (a `/reload-ext` may start the host later).
  return Object.assign(setup, { ui, initialPrompt, startupWarnings });
}
