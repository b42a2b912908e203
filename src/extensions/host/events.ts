/**
 * Lifecycle fan-out: takes the agent's events (adapted to notifications by
 * ./agent_events.ts), stamps `session_id`, `cwd` and a host-wide `sequence`
 * on every notification and enqueues it to the subscribers of that exact
 * name, never waiting for a subprocess. Also owns the session state
 * (start / switch / end at most once) and the "stopping" latch after which
 * everything is dropped.
 *
 * @module
 */

import type { LifecycleEvent } from "../../protocol/events.ts";
import type { EventFrame } from "../../protocol/frames.ts";
import { encodeFrame } from "../../protocol/framing.ts";
import { isJsonObject } from "../../protocol/validate.ts";
import type { AgentEvent, SessionInfo } from "../../agent/hooks.ts";
import { toLifecycleEvent } from "./agent_events.ts";
import type { ExtensionChannel } from "../channel.ts";
import { boundEventResult } from "./bound.ts";
import { type ExtensionRecord, isLive } from "./record.ts";

/** Who receives an event by name, in load order. */
export type SubscriberLookup = (event: string) => ExtensionChannel[];

export class EventBus {
  #sequence = 0;
  #session: SessionInfo;
  #open = false;
  #stopping = false;
  readonly #subscribers: SubscriberLookup;

  /** `fallback` stamps events emitted before any session was started. */
  constructor(subscribers: SubscriberLookup, fallback: SessionInfo) {
    this.#subscribers = subscribers;
    this.#session = { ...fallback };
  }

  get session(): SessionInfo {
    return { ...this.#session };
  }

  get sessionOpen(): boolean {
    return this.#open;
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  /** Last sequence number used (0 before the first event). */
  get sequence(): number {
    return this.#sequence;
  }

  emit(event: LifecycleEvent): void {
    if (this.#stopping) return;
    this.#deliver(event);
  }

  /** An agent event: delivered as the notification extensions hear, if any. */
  notify(event: AgentEvent): void {
    const lifecycle = toLifecycleEvent(event);
    if (lifecycle) this.emit(lifecycle);
  }

  startSession(info: SessionInfo, endReason = "session_switch"): void {
    if (this.#stopping) return;
    if (this.#open && this.#session.sessionId === info.sessionId) return;
    if (this.#open) this.#deliver({ event: "session_end", reason: endReason });
    this.#session = { ...info };
    this.#open = true;
    this.#deliver({ event: "session_start" });
  }

  endSession(reason: string): void {
    if (this.#stopping || !this.#open) return;
    this.#open = false;
    this.#deliver({ event: "session_end", reason });
  }

  /** An extension that joined late gets the open session's `session_start`, as the others did. */
  greet(channel: ExtensionChannel): void {
    if (this.#stopping || !this.#open) return;
    channel.send(toFrame({ event: "session_start" }, this.#session, ++this.#sequence));
  }

  /** Ends the session with `shutdown` and drops every later call. */
  stop(): void {
    this.endSession("shutdown");
    this.#stopping = true;
  }

  #deliver(event: LifecycleEvent): void {
    // Every notification takes a number, subscribed or not: `sequence` counts the
    // session's events, so every extension sees one numbering.
    const sequence = ++this.#sequence;
    const targets = this.#subscribers(event.event);
    if (targets.length === 0) return;
    const frame = toFrame(event, this.#session, sequence);
    // One encoding for every subscriber: a tool_result can carry a large result.
    const encoded = encodeFrame(frame);
    for (const channel of targets) channel.send(frame, encoded);
  }
}

/**
 * Resolves when every live extension's queue can take another burst. The bus
 * itself never waits (emit is synchronous); producers that emit per item of
 * a list await this between items (the agent loop, each tool call).
 */
export async function pacedAll(records: readonly ExtensionRecord[]): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const record of records) if (isLive(record)) waits.push(record.channel.paced());
  await Promise.all(waits);
}

function toFrame(event: LifecycleEvent, session: SessionInfo, sequence: number): EventFrame {
  const frame: EventFrame = {
    type: "event",
    ...event,
    session_id: session.sessionId,
    cwd: session.cwd,
    sequence,
  };
  // Swarm events keep the session of the parent conversation that spawned them,
  // so an extension can tie a sub-agent to the conversation it serves.
  if ((event.event === "subagent_start" || event.event === "subagent_stop") && event.session_id) {
    frame.session_id = event.session_id;
  }
  if (event.event === "tool_call" || event.event === "tool_result") {
    // Args the producer could not parse travel as raw text instead.
    const args: unknown = event.tool_args;
    if (args !== undefined && !isJsonObject(args)) {
      delete frame.tool_args;
      if (frame.tool_args_raw === undefined) {
        frame.tool_args_raw = typeof args === "string" ? args : String(args);
      }
    }
  }
  if (event.event === "tool_result") frame.result = boundEventResult(event.result);
  return frame;
}
