/**
 * A spawn function that records: every channel it returns writes each frame
 * to a {@linkcode FrameRecorder} as it passes, in both directions (hello
 * included; not `hello_ack`, which the spawn writes itself and a replay sends anew). The
 * channel behaves exactly as the one it wraps.
 *
 * @module
 */

import type { ExtToHostFrame, HostToExtFrame } from "../../protocol/frames.ts";
import type { ExtensionChannel, ReplyFrame, RequestOptions, SpawnFn } from "../channel.ts";
import type { FrameRecorder } from "./recorder.ts";

export function recordingSpawn(spawn: SpawnFn, recorder: FrameRecorder): SpawnFn {
  return async (source, options) => {
    const result = await spawn(source, options);
    if (!result.ok) return result;
    return { ...result, channel: tap(result.channel, recorder) };
  };
}

function tap(inner: ExtensionChannel, recorder: FrameRecorder): ExtensionChannel {
  const channel = new TappedChannel(inner, recorder);
  recorder.record("from_extension", inner.name, inner.hello);
  return channel;
}

/** Explicit delegation: the channel's state lives in private fields of the one it wraps. */
class TappedChannel implements ExtensionChannel {
  readonly #inner: ExtensionChannel;
  readonly #recorder: FrameRecorder;

  constructor(inner: ExtensionChannel, recorder: FrameRecorder) {
    this.#inner = inner;
    this.#recorder = recorder;
  }

  #out(frame: HostToExtFrame): void {
    this.#recorder.record("to_extension", this.#inner.name, frame);
  }

  #in(frame: ExtToHostFrame): void {
    this.#recorder.record("from_extension", this.#inner.name, frame);
  }

  get name() {
    return this.#inner.name;
  }
  get source() {
    return this.#inner.source;
  }
  get hello() {
    return this.#inner.hello;
  }
  get capabilities() {
    return this.#inner.capabilities;
  }
  get logPath() {
    return this.#inner.logPath;
  }
  get logProblem() {
    return this.#inner.logProblem;
  }
  get sandboxed() {
    return this.#inner.sandboxed;
  }
  get dataDir() {
    return this.#inner.dataDir;
  }
  get pid() {
    return this.#inner.pid;
  }
  get readyState() {
    return this.#inner.readyState;
  }
  get ready() {
    return this.#inner.ready;
  }
  get closed() {
    return this.#inner.closed;
  }
  get isClosed() {
    return this.#inner.isClosed;
  }
  get counters() {
    return this.#inner.counters;
  }

  setFrameListener(listener: (frame: ExtToHostFrame) => void): void {
    this.#inner.setFrameListener((frame) => {
      this.#in(frame);
      listener(frame);
    });
  }

  send(frame: HostToExtFrame, encoded?: Uint8Array): boolean {
    this.#out(frame);
    return this.#inner.send(frame, encoded);
  }

  write(frame: HostToExtFrame, signal?: AbortSignal): Promise<void> {
    this.#out(frame);
    return this.#inner.write(frame, signal);
  }

  async request(frame: HostToExtFrame & { id: string }, options?: RequestOptions) {
    this.#out(frame);
    const reply: ReplyFrame = await this.#inner.request(frame, options);
    this.#in(reply);
    return reply;
  }

  paced(empty?: boolean): Promise<void> {
    return this.#inner.paced(empty);
  }
  abandon(id: string): void {
    this.#inner.abandon(id);
  }
  forceReady(): void {
    this.#inner.forceReady();
  }
  log(message: string): void {
    this.#inner.log(message);
  }

  stop(deadline: number): Promise<void> {
    if (!this.#inner.isClosed) this.#out({ type: "shutdown" });
    return this.#inner.stop(deadline);
  }
}
