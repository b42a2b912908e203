/**
 * `zot ext replay`: play the host's side of a recorded run back to one
 * extension, without a model, and say where its answers now differ from the
 * recorded ones. Requests go out with their recorded ids, one-way frames in
 * their recorded order; a `call_tool` the extension makes is answered with
 * the result recorded for the call in the same position, so a replay needs
 * none of the tools of the original run.
 *
 * @module
 */

import { settlesWithin } from "../settles.ts";
import type { ZotPaths } from "../../config/paths.ts";
import { errorMessage } from "../../errors.ts";
import type { HostToExtFrame } from "../../protocol/frames.ts";
import { READY_GRACE_MS, SHUTDOWN_GRACE_MS } from "../../protocol/limits.ts";
import { ZOT_VERSION } from "../../version.ts";
import type { ExtensionChannel, SpawnFn } from "../channel.ts";
import type { ExtensionSource } from "../types.ts";
import type { RecordedFrame } from "./format.ts";
import { canonicalJson } from "./canonical.ts";

export interface ReplayStep {
  /** `registrations`, `command_invoked /x`, `tool_call y`, `event_intercept e`. */
  step: string;
  status: "same" | "differs" | "failed";
  recorded?: unknown;
  now?: unknown;
  detail?: string;
}

export interface ReplayReport {
  extension: string;
  dir: string;
  steps: ReplayStep[];
}

export interface ReplayOptions {
  paths: ZotPaths;
  spawn: SpawnFn;
  /** How long a replayed request may take (default 10 s). */
  replyMs?: number;
}

const REQUESTS = new Set(["command_invoked", "tool_call", "event_intercept"]);
const REGISTRATIONS = new Set(["register_command", "register_tool", "subscribe"]);

function stepName(frame: Record<string, unknown>): string {
  switch (frame.type) {
    case "command_invoked":
      return `command_invoked /${frame.name}`;
    case "tool_call":
      return `tool_call ${frame.name}`;
    default:
      return `event_intercept ${frame.event}`;
  }
}

function compare(step: string, recorded: unknown, now: unknown): ReplayStep {
  return canonicalJson(recorded) === canonicalJson(now)
    ? { step, status: "same" }
    : { step, status: "differs", recorded, now };
}

/** Replay the frames of `recordedName` in `frames` to the extension `source`. */
export async function replay(
  frames: readonly RecordedFrame[],
  recordedName: string,
  source: ExtensionSource,
  options: ReplayOptions,
): Promise<ReplayReport> {
  const mine = frames.filter((f) => f.extension === recordedName);
  const report: ReplayReport = { extension: source.manifest.name, dir: source.dir, steps: [] };
  const replies = new Map<unknown, Record<string, unknown>>();
  for (const f of mine) {
    if (f.direction === "from_extension" && "id" in f.frame) replies.set(f.frame.id, f.frame);
  }
  const spawned = await options.spawn(source, {
    paths: options.paths,
    identity: { zotVersion: ZOT_VERSION, provider: "", model: "", cwd: options.paths.cwd },
  });
  if (!spawned.ok) {
    report.steps.push({ step: "start", status: "failed", detail: spawned.error });
    return report;
  }
  const channel = spawned.channel;
  const registered: Record<string, unknown>[] = [];
  answerCallsFromRecord(channel, mine, registered);
  try {
    await readyOrGrace(channel);
    const recordedRegistrations = mine
      .filter((f) => f.direction === "from_extension" && REGISTRATIONS.has(f.frame.type as string))
      .map((f) => f.frame);
    report.steps.push(compare("registrations", recordedRegistrations, registered));
    for (const f of mine) {
      if (f.direction !== "to_extension" || channel.isClosed) continue;
      const frame = f.frame as HostToExtFrame;
      if (frame.type === "shutdown") break;
      // Answers to the extension's own calls are sent when it makes them (below).
      if (frame.type === "tool_result") continue;
      if (!REQUESTS.has(frame.type)) {
        channel.send(frame);
        continue;
      }
      const step = stepName(f.frame);
      try {
        const now = await channel.request(frame as HostToExtFrame & { id: string }, {
          timeoutMs: options.replyMs ?? 10_000,
        });
        report.steps.push(compare(step, replies.get(f.frame.id), now));
      } catch (e) {
        report.steps.push({
          step,
          status: "failed",
          recorded: replies.get(f.frame.id),
          detail: errorMessage(e),
        });
      }
    }
  } finally {
    await channel.stop(Date.now() + SHUTDOWN_GRACE_MS);
  }
  return report;
}

/**
 * The listener: registrations are kept for the comparison; the n-th `call_tool` gets the
 * host's recorded answer to the n-th recorded one (with the id it uses now).
 */
function answerCallsFromRecord(
  channel: ExtensionChannel,
  mine: readonly RecordedFrame[],
  registered: Record<string, unknown>[],
): void {
  const calls = mine.filter((f) =>
    f.direction === "from_extension" && f.frame.type === "call_tool"
  );
  const answers = calls.map((call) =>
    mine.find((f) =>
      f.direction === "to_extension" && f.frame.type === "tool_result" &&
      f.frame.id === call.frame.id
    )?.frame
  );
  let next = 0;
  channel.setFrameListener((frame) => {
    if (REGISTRATIONS.has(frame.type)) registered.push({ ...frame });
    if (frame.type !== "call_tool") return;
    const answer = answers[next++];
    channel.send(
      answer ? { ...answer, id: frame.id } as HostToExtFrame : {
        type: "tool_result",
        id: frame.id,
        name: frame.name,
        content: [{ type: "text", text: "the record holds no answer for this call" }],
        is_error: true,
      },
    );
  });
}

async function readyOrGrace(channel: ExtensionChannel): Promise<void> {
  await settlesWithin(channel.ready, READY_GRACE_MS);
  if (channel.readyState === "pending") channel.forceReady();
}
