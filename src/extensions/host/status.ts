/**
 * A per-extension snapshot for `zot ext doctor`: state, registrations with
 * active/shadowed, subscriptions, frame counters, log path, warnings.
 *
 * @module
 */

import type { FrameCounters } from "../channel.ts";
import type { Diagnostic, SourceKind } from "../types.ts";
import type { ExtensionRecord, RegistrationState } from "./record.ts";

export type ExtensionState = "ready" | "auto-ready" | "ready-timeout" | "not ready" | "closed";

export interface ExtensionStatus {
  name: string;
  dir: string;
  kind: SourceKind;
  version?: string;
  passive: boolean;
  state: ExtensionState;
  closeReason?: string;
  commands: { name: string; state: RegistrationState }[];
  tools: { name: string; state: RegistrationState }[];
  events: string[];
  intercepts: string[];
  counters?: FrameCounters;
  logPath?: string;
  /** Why its log could not be written (lines were lost). */
  logLost?: string;
  sandboxed: boolean;
  warnings: Diagnostic[];
  notes: string[];
}

/** A source that failed to load, for the doctor's `error:` lines. */
export interface LoadFailure {
  name: string;
  dir: string;
  error: string;
  logPath?: string;
  /** `error` quotes the extension's last stderr lines. */
  stderrQuoted?: boolean;
}

function stateOf(record: ExtensionRecord): ExtensionState {
  if (record.passive) return "ready";
  if (record.closed || record.channel?.isClosed) return "closed";
  const ready = record.channel?.readyState;
  return ready === "pending" || ready === undefined ? "not ready" : ready;
}

export function statusOf(record: ExtensionRecord): ExtensionStatus {
  const channel = record.channel;
  const status: ExtensionStatus = {
    name: record.name,
    dir: record.source.dir,
    kind: record.source.kind,
    passive: record.passive,
    state: stateOf(record),
    commands: record.commands.map((c) => ({ name: c.name, state: c.state })),
    tools: record.tools.map((t) => ({ name: t.name, state: t.state })),
    events: [...record.events],
    intercepts: [...record.intercepts],
    sandboxed: channel?.sandboxed ?? false,
    warnings: [...record.warnings],
    notes: [...record.notes],
  };
  if (record.source.manifest.version) status.version = record.source.manifest.version;
  if (record.closed) status.closeReason = record.closed.reason;
  if (channel) {
    status.counters = { ...channel.counters };
    status.logPath = channel.logPath;
    if (channel.logProblem) status.logLost = channel.logProblem;
  }
  return status;
}
