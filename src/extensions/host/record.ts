/**
 * What the host keeps per loaded extension: its channel, registrations,
 * subscriptions and the requests in flight in both directions.
 *
 * @module
 */

import type { CloseInfo, ExtensionChannel } from "../channel.ts";
import { type Diagnostic, type ExtensionSource, sandboxScope } from "../types.ts";
import type { JsonObject } from "../../protocol/frames.ts";
import type { InterceptableEvent } from "../../protocol/frames.ts";
import type { Scope } from "../../scope/scope.ts";
import { CallToolBudget, CallToolQueue } from "./call_tool_queue.ts";
import { settlesWithin } from "../settles.ts";

/** Whether a registration is routable or lost to an earlier one / a built-in. */
export type RegistrationState = "active" | "shadowed";

export interface CommandRegistration {
  /** Canonical spelling as registered. */
  name: string;
  description: string;
  extension: string;
  state: RegistrationState;
}

export interface ToolRegistration {
  name: string;
  description: string;
  schema: JsonObject;
  deferred: boolean;
  interactive: boolean;
  extension: string;
  state: RegistrationState;
}

/** A live host → extension `tool_call` (a possible `call_tool` parent). */
export interface HostToolCall {
  tool: string;
  /** Tool names from the originating call down to this one. */
  chain: string[];
  signal: AbortSignal;
}

export interface ExtensionRecord {
  /** Manifest name (authoritative). */
  name: string;
  source: ExtensionSource;
  /** Theme-only or skill-only bundle: never spawned, always ready. */
  passive: boolean;
  channel?: ExtensionChannel;
  closed?: CloseInfo;
  /** Set when the host itself stops the extension (no crash diagnostic then). */
  stopping: boolean;
  commands: CommandRegistration[];
  tools: ToolRegistration[];
  events: Set<string>;
  intercepts: Set<InterceptableEvent>;
  hostCalls: Map<string, HostToolCall>;
  /** In-flight `call_tool` requests by the extension's own id. */
  callTools: Map<string, AbortController>;
  /** Where those requests wait for a slot and for the caller to keep up. */
  callToolQueue: CallToolQueue;
  /** Diagnostics about this extension (doctor `warning:` lines). */
  warnings: Diagnostic[];
  /** Launch notes from the spawner (e.g. the sandbox scope). */
  notes: string[];
  /**
   * Requests in flight that ask the extension for something the user wants: commands the user
   * typed and interactive tool calls. While one is, a panel it opens may take the keyboard.
   */
  panelInvites: number;
  /** Sandboxed only: the protocol scope the host enforces (unsandboxed: none, as upstream). */
  scope?: Scope;
}

/** A fresh record for a loaded source. */
export function newRecord(
  source: ExtensionSource,
  channel?: ExtensionChannel,
  notes: string[] = [],
  callToolBudget: CallToolBudget = new CallToolBudget(),
): ExtensionRecord {
  const paced = () => channel?.paced() ?? Promise.resolve();
  return {
    name: source.manifest.name,
    source,
    passive: channel === undefined,
    channel,
    stopping: false,
    commands: [],
    tools: [],
    events: new Set(),
    intercepts: new Set(),
    hostCalls: new Map(),
    callTools: new Map(),
    callToolQueue: new CallToolQueue(paced, callToolBudget),
    warnings: [],
    notes,
    panelInvites: 0,
    scope: channel?.sandboxed ? sandboxScope(source) : undefined,
  };
}

/** True while the extension can receive frames. */
export function isLive(record: ExtensionRecord): record is ExtensionRecord & {
  channel: ExtensionChannel;
} {
  return record.channel !== undefined && record.closed === undefined && !record.channel.isClosed;
}

/**
 * How long a report waits for a closed extension's close to be recorded. The exit status is read
 * a moment after the channel closes (a process's channel gives it a second, then settles as
 * "closed stdout"); the bound covers a channel that never settles.
 */
export const CLOSE_RECORD_WAIT_MS = 2_000;

/**
 * Resolves once `record`'s close is recorded with how it ended (at once when it runs or is
 * recorded already), or after `ms`: what reports a stop ("killed by SIGKILL", "ran out of its
 * memory budget") awaits it, so it never says less because it came first.
 */
export async function closeRecorded(
  record: ExtensionRecord,
  ms = CLOSE_RECORD_WAIT_MS,
): Promise<void> {
  const channel = record.channel;
  if (record.closed !== undefined || !channel?.isClosed) return;
  // The host's own handler of `closed` was attached first: it has recorded the close by then.
  await settlesWithin(channel.closed, ms);
}
