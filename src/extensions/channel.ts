/**
 * The seam between one running extension process (spawn, handshake, framing,
 * outbound queue, shutdown: src/extensions/process/) and the manager that
 * owns registries, fan-out and interception (src/extensions/host/).
 *
 * @module
 */

import type { ExtToHostFrame, HelloFrame, HostToExtFrame } from "../protocol/frames.ts";
import type { ExtensionSource } from "./types.ts";

export type ReadyState = "pending" | "ready" | "auto-ready" | "ready-timeout";

/** Why a channel closed. */
export interface CloseInfo {
  /** Human text: "exited with status 3", "closed stdout", "frame over 4 MiB", "outbound queue overflow", "stopped". */
  reason: string;
  code?: number;
  signal?: string;
}

/** Frames a request can be answered with (matched by `id`). */
export type ReplyFrame = Extract<
  ExtToHostFrame,
  { type: "tool_result" | "command_response" | "event_intercept_response" }
>;

/** Counters shown by `zot ext doctor`. */
export interface FrameCounters {
  malformed: number;
  invalid: number;
  unknownType: number;
  lateReplies: number;
}

export interface RequestOptions {
  /** Reply deadline; omit for none (interactive tools). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Error a request rejects with; `kind` drives tool status (cancelled / timed_out / failed). */
export class RequestError extends Error {
  readonly kind: "timeout" | "cancelled" | "disconnected" | "write";
  constructor(kind: RequestError["kind"], message: string) {
    super(message);
    this.name = "RequestError";
    this.kind = kind;
  }
}

/** One extension after a successful handshake. */
export interface ExtensionChannel {
  /** Manifest name (authoritative over hello.name). */
  readonly name: string;
  readonly source: ExtensionSource;
  readonly hello: HelloFrame;
  /** Exact hello capabilities. */
  readonly capabilities: ReadonlySet<string>;
  readonly logPath: string;
  /** Why writing the log failed (a full disk: lines were lost), once it has. */
  readonly logProblem?: string;
  readonly sandboxed: boolean;
  readonly dataDir: string;
  readonly pid: number | undefined;

  /**
   * Every frame after hello that did not settle a pending request, in order.
   * Frames that arrived before a listener was set are replayed to it.
   */
  setFrameListener(listener: (frame: ExtToHostFrame) => void): void;
  /**
   * Enqueue without waiting; false when closed or on overflow (which disconnects).
   * `encoded` is `encodeFrame(frame)` when the caller already has it: event
   * fan-out encodes once for all subscribers.
   */
  send(frame: HostToExtFrame, encoded?: Uint8Array): boolean;
  /**
   * Resolves when the outbound queue can take a burst without overflowing.
   * Bounded: an extension that reads nothing for 5 s is disconnected and the
   * wait ends. The host's producers await it between the frames of a burst.
   * With `empty`, it waits until nothing is queued: a request with a reply
   * deadline (an intercept) then waits only for the extension, not for the
   * backlog zot sent before it.
   */
  paced(empty?: boolean): Promise<void>;
  /** Enqueue and wait until written; 5 s write bound (then disconnect) or abort. */
  write(frame: HostToExtFrame, signal?: AbortSignal): Promise<void>;
  /** Write a frame with an `id` and await the reply with that id. Rejects with RequestError. */
  request(frame: HostToExtFrame & { id: string }, options?: RequestOptions): Promise<ReplyFrame>;
  /** Forget a pending request (late replies are then counted and ignored). */
  abandon(id: string): void;

  readonly readyState: ReadyState;
  /** Resolves on ready, auto-ready, forced ready or close. */
  readonly ready: Promise<void>;
  /** Mark ready after the shared grace expired (state "ready-timeout"). */
  forceReady(): void;

  readonly closed: Promise<CloseInfo>;
  readonly isClosed: boolean;
  readonly counters: FrameCounters;
  /** Append `[zot] <message>` to the extension's log. */
  log(message: string): void;
  /**
   * Shutdown sequence for this extension against a shared deadline (epoch
   * ms): queue `shutdown` behind pending frames, close stdin, wait for exit,
   * SIGTERM the process group, wait 1 s, SIGKILL, reap, close the log.
   */
  stop(deadline: number): Promise<void>;
}

/** Values the host announces in `hello_ack`. */
export interface HostIdentity {
  zotVersion: string;
  provider: string;
  model: string;
  cwd: string;
}

/** Options for starting one extension. */
export interface SpawnOptions {
  paths: import("../config/paths.ts").ZotPaths;
  identity: HostIdentity;
  /** Defaults to HELLO_TIMEOUT_MS. */
  helloTimeoutMs?: number;
  signal?: AbortSignal;
  /** Cap of the extension's log file before it rotates; defaults to LOG_MAX_BYTES (10 MiB). */
  logMaxBytes?: number;
}

/** A started extension, or a (multi-line) load error naming the extension, dir and log. */
export type SpawnResult =
  | { ok: true; channel: ExtensionChannel; notes: string[] }
  | {
    ok: false;
    error: string;
    logPath?: string;
    /** True when `error` quotes the extension's last stderr lines. */
    stderrQuoted?: boolean;
  };

/** Starts one extension and completes the handshake. Injected into the manager. */
export type SpawnFn = (source: ExtensionSource, options: SpawnOptions) => Promise<SpawnResult>;
