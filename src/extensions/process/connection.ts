/**
 * One running extension after its handshake: the read loop (frames in, in
 * order), the ordered writer (frames out), request/reply correlation and
 * ready tracking. Implements the manager's {@linkcode ExtensionChannel}.
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";
import type {
  ExtToHostFrame,
  HelloAckFrame,
  HelloFrame,
  HostToExtFrame,
} from "../../protocol/frames.ts";
import { encodeFrame } from "../../protocol/framing.ts";
import { MAX_FRAME_BYTES, SHUTDOWN_GRACE_MS, WRITE_TIMEOUT_MS } from "../../protocol/limits.ts";
import {
  type CloseInfo,
  type ExtensionChannel,
  type FrameCounters,
  type ReadyState,
  type ReplyFrame,
  RequestError,
  type RequestOptions,
} from "../channel.ts";
import type { ExtensionSource } from "../types.ts";
import { type ExitInfo, type ExtensionProcess, OUTPUT_DRAIN_MS } from "./child.ts";
import { delay, settlesWithin } from "../settles.ts";
import { InboundFrames } from "./inbound.ts";
import type { LineReader } from "./lines.ts";
import type { ExtensionLog } from "./log.ts";
import { OutboundQueue, type QueuedFrame } from "./outbound.ts";
import { PendingRequests } from "./pending.ts";
import { ReadyTracker } from "./ready.ts";
import { stopSequence } from "./stop.ts";

export interface ConnectionParts {
  source: ExtensionSource;
  hello: HelloFrame;
  sandboxed: boolean;
  dataDir: string;
  log: ExtensionLog;
  process: ExtensionProcess;
  /** stdout lines, positioned after hello. */
  lines: LineReader;
}

/** A frame being written when its writer gives up gets this long to finish. */
const ABANDON_GRACE_MS = 250;

/** How long a closed stdout may precede the exit status we report. */
const EXIT_AFTER_EOF_WAIT_MS = 1_000;

export class ExtensionConnection implements ExtensionChannel {
  readonly name: string;
  readonly source: ExtensionSource;
  readonly hello: HelloFrame;
  readonly capabilities: ReadonlySet<string>;
  readonly logPath: string;
  readonly sandboxed: boolean;
  readonly dataDir: string;
  readonly pid: number;

  readonly #log: ExtensionLog;
  readonly #process: ExtensionProcess;
  readonly #lines: LineReader;
  readonly #out: OutboundQueue;
  readonly #pending = new PendingRequests();
  readonly #ready: ReadyTracker;
  readonly #closed = Promise.withResolvers<CloseInfo>();
  #isClosed = false;
  readonly #inbound: InboundFrames;
  #readLoop: Promise<void> = Promise.resolve();
  #drained: Promise<void> = Promise.resolve();
  #stopping: Promise<void> | undefined;

  constructor(parts: ConnectionParts) {
    this.source = parts.source;
    this.name = parts.source.manifest.name;
    this.hello = parts.hello;
    this.capabilities = new Set(parts.hello.capabilities ?? []);
    this.logPath = parts.log.path;
    this.sandboxed = parts.sandboxed;
    this.dataDir = parts.dataDir;
    this.pid = parts.process.pid;
    this.#log = parts.log;
    this.#process = parts.process;
    this.#lines = parts.lines;
    this.#out = new OutboundQueue(parts.process.stdin, (reason) => this.#disconnect(reason));
    this.#ready = new ReadyTracker((message) => this.log(message));
    this.#inbound = new InboundFrames(this.#pending, this.#ready, (message) => this.log(message));
  }

  /** Send `hello_ack` (always the first host frame), then start reading and the ready watchdog. */
  start(ack: HelloAckFrame): void {
    this.#out.enqueue(encodeFrame(ack));
    this.#ready.start();
    this.#readLoop = this.#read();
    this.#drained = this.#process.exited.then(() => this.#drainAfterExit());
  }

  /** Once the group is dead its output ends, unless something escaped the group. */
  async #drainAfterExit(): Promise<void> {
    const drained = Promise.all([this.#readLoop, this.#process.stderrDone]);
    if (await settlesWithin(drained, OUTPUT_DRAIN_MS)) return;
    this.log("output still open after exit (a process outside the group?); closing it");
    await this.#process.abandonOutput();
  }

  // -- inbound -------------------------------------------------------------

  setFrameListener(listener: (frame: ExtToHostFrame) => void): void {
    this.#inbound.setListener(listener);
  }

  get counters(): FrameCounters {
    return this.#inbound.counters;
  }

  async #read(): Promise<void> {
    let oversize = false;
    try {
      while (true) {
        const item = await this.#lines.next();
        if (!item) break;
        if (item.kind === "oversize") {
          oversize = true;
          this.log(`frame over ${MAX_FRAME_BYTES} bytes (${item.bytes} read); disconnecting`);
          break;
        }
        this.#inbound.line(item.line);
      }
    } catch (e) {
      this.log(`read error: ${errorMessage(e)}`);
    }
    // Release stdout now: after an oversize line the extension may be blocked
    // writing the rest of it, and a closed pipe unblocks it.
    await this.#process.stdout.cancel().catch(() => {});
    this.log(`extension ${this.name} read loop exited at ${new Date().toISOString()}`);
    if (oversize) {
      this.#markClosed({ reason: "frame over 4 MiB" });
      void this.stop(Date.now() + SHUTDOWN_GRACE_MS);
      return;
    }
    // Settle everything now (a crash fails in-flight requests at once); the
    // exit status, when it comes, only decorates the close reason.
    this.#markClosed(undefined);
    const exited = await settlesWithin(this.#process.exited, EXIT_AFTER_EOF_WAIT_MS);
    const exit = exited ? this.#process.exit : undefined;
    const prefix = this.#stopping ? "stopped" : undefined;
    this.#resolveClosed(
      exit ? this.#exitInfo(exit, prefix) : { reason: prefix ?? "closed stdout" },
    );
    void this.stop(Date.now() + SHUTDOWN_GRACE_MS);
  }

  // -- outbound ------------------------------------------------------------

  send(frame: HostToExtFrame, encoded: Uint8Array = encodeFrame(frame)): boolean {
    return this.#out.enqueue(encoded) !== undefined;
  }

  /**
   * Wait until the outbound queue is below half its bound (with `empty`: until
   * nothing waits behind the frame being written). Bounded: when no
   * write completes for WRITE_TIMEOUT_MS the extension has stopped reading and
   * is disconnected (the wait then ends). A slow reader only slows the host.
   */
  async paced(empty = false): Promise<void> {
    while (!this.#isClosed && !(empty ? this.#out.isEmpty : this.#out.hasRoom)) {
      const progress = this.#out.writtenCount;
      const stall = delay(WRITE_TIMEOUT_MS);
      const room = await Promise.race([
        this.#out.room(empty).then(() => true),
        stall.promise.then(() => false),
      ]);
      stall.cancel();
      if (room) continue;
      if (this.#out.writtenCount === progress) {
        this.#disconnect(`stopped reading (nothing written for ${WRITE_TIMEOUT_MS / 1000} s)`);
      }
    }
  }

  write(frame: HostToExtFrame, signal?: AbortSignal): Promise<void> {
    return this.#write(encodeFrame(frame), signal);
  }

  /**
   * Enqueue and wait for the write, bounded by WRITE_TIMEOUT_MS. A frame
   * still queued when the caller gives up is withdrawn; one already partly
   * on the pipe cannot be, so the transport is closed instead.
   */
  async #write(bytes: Uint8Array, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new RequestError("cancelled", "write cancelled");
    const queued = this.#out.enqueue(bytes);
    if (!queued) throw new RequestError("disconnected", this.#disconnectedText());
    const giveUp = Promise.withResolvers<"timeout" | "cancelled">();
    const timer = setTimeout(() => giveUp.resolve("timeout"), WRITE_TIMEOUT_MS);
    const onAbort = () => giveUp.resolve("cancelled");
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const outcome = await Promise.race([
        queued.written.then(() => "written" as const, (e: unknown) => e),
        giveUp.promise,
      ]);
      if (outcome === "written") return;
      if (outcome === "timeout") {
        this.#disconnect("write timed out");
        throw new RequestError("write", `write to extension ${this.name} timed out`);
      }
      if (outcome === "cancelled") {
        await this.#withdraw(queued);
        throw new RequestError("cancelled", "write cancelled");
      }
      if (this.#isClosed) throw new RequestError("disconnected", this.#disconnectedText());
      throw new RequestError("write", `write: ${errorMessage(outcome)}`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /**
   * Take back a frame whose writer gave up. Still queued: withdrawn. Being
   * written: it gets a short grace to finish, since a torn frame cannot be
   * withdrawn and would corrupt the stream; past that the transport closes.
   */
  async #withdraw(frame: QueuedFrame): Promise<void> {
    if (this.#out.withdraw(frame) || frame.state !== "writing") return;
    const grace = delay(ABANDON_GRACE_MS);
    const finished = await Promise.race([
      frame.written.then(() => true, () => false),
      grace.promise.then(() => false),
    ]);
    grace.cancel();
    if (finished) return;
    this.#disconnect("write abandoned mid-frame");
  }

  async request(
    frame: HostToExtFrame & { id: string },
    options: RequestOptions = {},
  ): Promise<ReplyFrame> {
    if (this.#isClosed) throw new RequestError("disconnected", this.#disconnectedText());
    if (options.signal?.aborted) throw new RequestError("cancelled", "request cancelled");
    const what = `${this.name}/${frame.type} ${frame.id}`;
    const write: { queued?: QueuedFrame } = {};
    // The entry exists before the write starts, so no reply can miss it.
    // Giving up tears the write down too: a queued frame is withdrawn, a
    // half-written one gets a grace and then closes the transport.
    const reply = this.#pending.add(
      frame.id,
      { timeoutMs: options.timeoutMs, signal: options.signal, what },
      () => {
        if (write.queued) void this.#withdraw(write.queued);
      },
    );
    write.queued = this.#out.enqueue(encodeFrame(frame));
    if (write.queued) this.#boundWrite(write.queued, frame.id);
    else this.#pending.reject(frame.id, new RequestError("disconnected", this.#disconnectedText()));
    return await reply;
  }

  /** A request's frame must be written within WRITE_TIMEOUT_MS, or the transport closes. */
  #boundWrite(queued: QueuedFrame, id: string): void {
    const timer = setTimeout(() => {
      if (queued.state !== "queued" && queued.state !== "writing") return;
      const message = `write to extension ${this.name} timed out`;
      this.#pending.reject(id, new RequestError("write", message));
      this.#disconnect("write timed out");
    }, WRITE_TIMEOUT_MS);
    const clear = () => clearTimeout(timer);
    queued.written.then(clear, clear);
  }

  abandon(id: string): void {
    this.#pending.forget(id);
  }

  // -- ready ---------------------------------------------------------------

  get readyState(): ReadyState {
    return this.#ready.state;
  }

  get ready(): Promise<void> {
    return this.#ready.ready;
  }

  forceReady(): void {
    this.#ready.force();
  }

  // -- close and stop ------------------------------------------------------

  get closed(): Promise<CloseInfo> {
    return this.#closed.promise;
  }

  get isClosed(): boolean {
    return this.#isClosed;
  }

  log(message: string): void {
    this.#log.line(message);
  }

  get logProblem(): string | undefined {
    return this.#log.lostWrites;
  }

  stop(deadline: number): Promise<void> {
    this.#stopping ??= this.#stop(deadline);
    return this.#stopping;
  }

  async #stop(deadline: number): Promise<void> {
    await stopSequence(
      { process: this.#process, out: this.#out, log: (m) => this.log(m) },
      deadline,
    );
    this.#markClosed(undefined);
    // The group is dead: output ends (bounded by the drain after exit).
    await this.#drained;
    await this.#readLoop;
    await this.#process.stderrDone;
    const exit = this.#process.exit;
    this.#resolveClosed(exit ? this.#exitInfo(exit, "stopped") : { reason: "stopped" });
    this.#log.close();
  }

  /** Transport failure (overflow, write timeout): close now, stop in the background. */
  #disconnect(reason: string): void {
    if (this.#isClosed) return;
    this.log(`disconnecting: ${reason}`);
    this.#markClosed({ reason });
    void this.#out.closeInput(reason);
    void this.stop(Date.now() + SHUTDOWN_GRACE_MS);
  }

  #markClosed(info: CloseInfo | undefined): void {
    if (!this.#isClosed) {
      this.#isClosed = true;
      this.#out.close("closed");
      this.#pending.rejectAll(new RequestError("disconnected", this.#disconnectedText()));
      this.#ready.close();
    }
    if (info) this.#resolveClosed(info);
  }

  #resolveClosed(info: CloseInfo): void {
    this.#closed.resolve(info);
  }

  /** How the process ended; a sandboxed runner killed by its heap limit says so. */
  #exitInfo(exit: ExitInfo, prefix?: string): CloseInfo {
    const info = exitInfo(exit, prefix);
    if (!this.sandboxed || !exit.signal || !this.#log.sawOutOfMemory) return info;
    const reason = `ran out of its memory budget (killed by ${exit.signal}; ` +
      `raise "memory" in the scope of its extension.json)`;
    return { ...info, reason: prefix ? `${prefix} (${reason})` : reason };
  }

  #disconnectedText(): string {
    return `extension ${this.name} disconnected`;
  }
}

function exitInfo(exit: ExitInfo, prefix?: string): CloseInfo {
  const text = exit.signal ? `killed by ${exit.signal}` : `exited with status ${exit.code}`;
  const reason = prefix ? `${prefix} (${text})` : text;
  return exit.signal
    ? { reason, code: exit.code, signal: exit.signal }
    : { reason, code: exit.code };
}
