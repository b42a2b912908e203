/**
 * `zot ext check`'s scripted session: start the extension exactly as a run
 * would (its launch plan, its sandbox), play the host's side of the protocol
 * against it, and report each step. Its commands and tools run for real; a
 * sandboxed extension's data directory is a scratch one, removed afterwards,
 * so a check never changes the state of the installed copy (a plain
 * extension keeps its state in its own directory, as in a run). The log gains
 * the session's lines like any run's; only what this session wrote is read.
 *
 * @module
 */

import { settlesWithin } from "../settles.ts";
import { extensionLogPath, type ZotPaths } from "../../config/paths.ts";
import { READY_GRACE_MS, SHUTDOWN_GRACE_MS } from "../../protocol/limits.ts";
import type {
  ExtToHostFrame,
  RegisterCommandFrame,
  RegisterToolFrame,
} from "../../protocol/frames.ts";
import { ZOT_VERSION } from "../../version.ts";
import type { CloseInfo, ExtensionChannel, SpawnFn } from "../channel.ts";
import type { ExtensionSource } from "../types.ts";
import { askInterceptor, callTool, deliverEvent, invokeCommand } from "./exchanges.ts";
import { type CheckReport, fail, type Finding, pass, warn } from "./findings.ts";
import { framesFinding, scopeFinding, shutdownFinding } from "./verdicts.ts";

export interface CheckOptions {
  paths: ZotPaths;
  spawn: SpawnFn;
  /** How long a command or tool may take to answer (default 10 s). */
  replyMs?: number;
}

export const DEFAULT_REPLY_MS = 10_000;

/** What the extension registered, in the order it did. */
interface Registrations {
  commands: RegisterCommandFrame[];
  tools: RegisterToolFrame[];
  events: string[];
  intercepts: string[];
  /** When `shutdown_ack` arrived (epoch ms). */
  ackAt?: number;
  /** Text of every tool result and notification: a caught permission error shows here. */
  texts: string[];
}

function listen(channel: ExtensionChannel, seen: Registrations): void {
  channel.setFrameListener((frame: ExtToHostFrame) => {
    switch (frame.type) {
      case "register_command":
        seen.commands.push(frame);
        break;
      case "register_tool":
        seen.tools.push(frame);
        break;
      case "subscribe":
        seen.events.push(...(frame.events ?? []));
        seen.intercepts.push(...(frame.intercept ?? []));
        break;
      case "shutdown_ack":
        seen.ackAt ??= Date.now();
        break;
      case "notify":
        seen.texts.push(frame.message);
        break;
      case "call_tool":
        // Nothing runs tools here: the caller gets an answer rather than a hang.
        channel.send({
          type: "tool_result",
          id: frame.id,
          name: frame.name,
          content: [{ type: "text", text: "zot ext check does not run tools for extensions" }],
          is_error: true,
        });
        break;
    }
  });
}

async function logSize(path: string): Promise<number> {
  try {
    return (await Deno.stat(path)).size;
  } catch {
    return 0;
  }
}

export async function checkExtension(
  source: ExtensionSource,
  options: CheckOptions,
): Promise<CheckReport> {
  const scratch = await Deno.makeTempDir({ prefix: "zot-check-" });
  try {
    return await session(source, {
      ...options,
      paths: { ...options.paths, extensionData: scratch },
    });
  } finally {
    await Deno.remove(scratch, { recursive: true }).catch(() => {});
  }
}

async function session(source: ExtensionSource, options: CheckOptions): Promise<CheckReport> {
  const name = source.manifest.name;
  const logPath = extensionLogPath(options.paths, name);
  const logStart = await logSize(logPath);
  const report: CheckReport = { extension: name, dir: source.dir, sandboxed: false, findings: [] };
  const add = (f: Finding) => report.findings.push(f);

  const started = Date.now();
  const spawned = await options.spawn(source, {
    paths: options.paths,
    identity: { zotVersion: ZOT_VERSION, provider: "", model: "", cwd: options.paths.cwd },
  });
  if (!spawned.ok) {
    add(fail("handshake", spawned.error, "fix what the error names, then check again"));
    return report;
  }
  const channel = spawned.channel;
  report.sandboxed = channel.sandboxed;
  add(pass("handshake", `hello after ${Date.now() - started} ms`));
  const seen: Registrations = { commands: [], tools: [], events: [], intercepts: [], texts: [] };
  listen(channel, seen);
  let closed: CloseInfo | undefined;
  channel.closed.then((info) => closed = info);

  try {
    add(await readyFinding(channel, started));
    const exchange = {
      replyMs: options.replyMs ?? DEFAULT_REPLY_MS,
      cwd: options.paths.cwd,
      heard: (text: string) => seen.texts.push(text),
    };
    for (const command of seen.commands) add(await invokeCommand(channel, command, exchange));
    for (const tool of seen.tools) add(await callTool(channel, tool, exchange));
    let sequence = 0;
    for (const event of new Set(seen.events)) {
      add(deliverEvent(channel, event, ++sequence, exchange));
    }
    for (const event of new Set(seen.intercepts)) {
      add(await askInterceptor(channel, event, exchange));
    }
    if (closed) {
      add(fail("running", `it stopped during the check: ${closed.reason}`, "see its log"));
    }
  } finally {
    const running = !channel.isClosed;
    const stopping = Date.now();
    await channel.stop(stopping + SHUTDOWN_GRACE_MS);
    const info = await channel.closed;
    add(framesFinding(channel.counters));
    if (running) add(shutdownFinding(info, seen.ackAt, stopping));
  }
  const scope = await scopeFinding(report.sandboxed, logPath, logStart, seen.texts);
  if (scope) add(scope);
  return report;
}

/** `ready` within the host's grace; an extension that never says it is assumed ready. */
async function readyFinding(channel: ExtensionChannel, started: number): Promise<Finding> {
  await settlesWithin(channel.ready, READY_GRACE_MS);
  const ms = Date.now() - started;
  switch (channel.readyState) {
    case "ready":
      return pass("ready", `ready after ${ms} ms`);
    case "auto-ready":
      return warn(
        "ready",
        "never sent ready: zot assumed it after a quiet moment",
        'send {"type":"ready"} right after the last registration',
      );
    default:
      if (channel.isClosed) {
        return fail("ready", "it exited before ready", "see its log (zot ext logs)");
      }
      channel.forceReady();
      return fail(
        "ready",
        `no ready within ${READY_GRACE_MS} ms: zot goes on without its registrations' promise`,
        'send {"type":"ready"} as soon as the registrations are written',
      );
  }
}
