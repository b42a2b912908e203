/**
 * Start one extension: open its log, plan the launch, spawn it in its own
 * process group, read `hello`, answer `hello_ack`. Every failure kills and
 * reaps what was started, closes the log and returns the reference host's
 * multi-line start error. Nothing here is shared between extensions, so the
 * manager's parallel spawns never wait on each other.
 *
 * @module
 */

import { extensionLogPath } from "../../config/paths.ts";
import { HELLO_TIMEOUT_MS, PROTOCOL_VERSION } from "../../protocol/limits.ts";
import type { SpawnFn, SpawnOptions, SpawnResult } from "../channel.ts";
import { planLaunch } from "../launch.ts";
import type { ExtensionSource } from "../types.ts";
import { ExtensionProcess, OUTPUT_DRAIN_MS } from "./child.ts";
import { settlesWithin } from "../settles.ts";
import { ExtensionConnection } from "./connection.ts";
import { awaitHello } from "./handshake.ts";
import { LineReader } from "./lines.ts";
import { childGroups } from "../../process_reaper.ts";
import { ExtensionLog } from "./log.ts";

/** Capabilities zot announces in `hello_ack`. */
export const HOST_CAPABILITIES: readonly string[] = ["call_tool"];

export const spawnExtension: SpawnFn = async (source, options) => {
  const result = await start(source, options);
  // The reaper's sentinel was readied for this start: without a process, it may have nothing to do.
  if (!result.ok) await childGroups.unready();
  return result;
};

const start: SpawnFn = async (source, options) => {
  const name = source.manifest.name;
  // The reaper's sentinel gets out of reach of zot's group while the launch is planned.
  childGroups.setLabel(options.paths.home);
  const sentinel = childGroups.ready();
  const logPath = extensionLogPath(options.paths, name);
  // Independent reads (the log's folder and file; the launch's consent and exec checks): together.
  const [opened, launch] = await Promise.all([
    ExtensionLog.open(logPath, { maxBytes: options.logMaxBytes }),
    planLaunch(source, { paths: options.paths }),
  ]);
  if (!opened.ok) {
    // Not started, so whatever the plan holds (an OS-confined network allowance) goes.
    if (launch.ok) await launch.plan.release?.().catch(() => {});
    return failure(source, opened.error);
  }
  const log = opened.log;
  log.header(name, source.manifest.version);
  const fail = (error: string, stderr: string[] = []): SpawnResult => {
    log.line(`failed to start: ${error}`);
    log.close();
    return failure(source, error, logPath, stderr);
  };

  if (!launch.ok) return fail(launch.error);
  const plan = launch.plan;
  await sentinel;
  const started = ExtensionProcess.spawn(plan, log);
  if (!started.ok) return fail(started.error);
  const process = started.process;

  const lines = new LineReader(process.stdout);
  const hello = await awaitHello(lines, process, {
    timeoutMs: options.helloTimeoutMs ?? HELLO_TIMEOUT_MS,
    signal: options.signal,
    logPath,
  });
  if (!hello.ok) {
    await discard(process);
    return fail(hello.error, log.stderrTail());
  }
  if (hello.hello.name !== name) {
    // The manifest name is authoritative, as in the reference host.
    log.line(
      `hello name "${hello.hello.name}" differs from manifest name "${name}"; using "${name}"`,
    );
  }

  const channel = new ExtensionConnection({
    source,
    hello: hello.hello,
    sandboxed: plan.sandboxed,
    dataDir: plan.dataDir,
    log,
    process,
    lines,
  });
  channel.start(helloAck(source, plan.dataDir, options));
  return { ok: true, channel, notes: plan.notes ?? [] };
};

function helloAck(source: ExtensionSource, dataDir: string, options: SpawnOptions) {
  return {
    type: "hello_ack" as const,
    protocol_version: PROTOCOL_VERSION,
    capabilities: [...HOST_CAPABILITIES],
    zot_version: options.identity.zotVersion,
    provider: options.identity.provider,
    model: options.identity.model,
    cwd: options.identity.cwd,
    extension_dir: source.dir,
    data_dir: dataDir,
  };
}

/**
 * Kill the group and reap it. stderr gets a bounded moment to reach the log
 * (it explains the failure); stdout is no longer wanted.
 */
async function discard(process: ExtensionProcess): Promise<void> {
  process.signalGroup("SIGKILL");
  await process.exited;
  await settlesWithin(process.stderrDone, OUTPUT_DRAIN_MS);
  await process.abandonOutput();
  await process.stdin.close().catch(() => {});
  await process.stderrDone;
}

/** The reference host's multi-line start error. */
export function startFailureText(
  source: ExtensionSource,
  error: string,
  logPath?: string,
  stderr: readonly string[] = [],
): string {
  const { manifest } = source;
  const language = manifest.language ? ` (declared language: "${manifest.language}")` : "";
  const lines = [
    `Extension ${manifest.name} failed to start.`,
    `exec: "${manifest.exec ?? ""}"${language}`,
    `error: ${error}`,
    `extension directory: ${source.dir}`,
  ];
  if (logPath) lines.push(`stderr log: ${logPath}`);
  // Beyond the reference's block: why it died is usually in its last words.
  if (stderr.length > 0) lines.push("last stderr lines:", ...stderr.map((l) => `  ${l}`));
  return lines.join("\n");
}

function failure(
  source: ExtensionSource,
  error: string,
  logPath?: string,
  stderr: readonly string[] = [],
): SpawnResult {
  if (!logPath) return { ok: false, error: startFailureText(source, error) };
  const result: SpawnResult = {
    ok: false,
    error: startFailureText(source, error, logPath, stderr),
    logPath,
  };
  // Said as a field, so `zot ext doctor` need not look for the quote in the text.
  if (stderr.length > 0) result.stderrQuoted = true;
  return result;
}
