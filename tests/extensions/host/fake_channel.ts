/**
 * An in-memory {@linkcode ExtensionChannel} for host unit tests: records
 * every host frame, lets a test push extension frames, and implements the
 * request/reply, ready and close contract like the real process layer.
 *
 * @module
 */

import type {
  CloseInfo,
  ExtensionChannel,
  FrameCounters,
  ReadyState,
  ReplyFrame,
  RequestOptions,
  SpawnFn,
  SpawnResult,
} from "../../../src/extensions/channel.ts";
import { RequestError } from "../../../src/extensions/channel.ts";
import type { ExtensionSource, SourceKind } from "../../../src/extensions/types.ts";
import type { ExtToHostFrame, HelloFrame, HostToExtFrame } from "../../../src/protocol/frames.ts";
import type { HostUi } from "../../../src/extensions/ui.ts";
import type { PanelSpec } from "../../../src/protocol/frames.ts";
import { parseExtToHost } from "../../../src/protocol/validate.ts";
import { withTimeout } from "../../helpers/wait.ts";
import { zotPaths } from "../../../src/config/paths.ts";
import { ExtensionHost, type ExtensionHostOptions } from "../../../src/extensions/host/mod.ts";
import { type Diagnostic, diagnosticText } from "../../../src/diagnostic.ts";

interface Pending {
  resolve(reply: ReplyFrame): void;
  reject(error: RequestError): void;
  cleanup(): void;
}

/** Called for every frame the host sends; may answer via `fake.push`. */
export type Responder = (frame: HostToExtFrame, fake: FakeChannel) => void;

export function source(
  name: string,
  options: { kind?: SourceKind; exec?: string | null; version?: string } = {},
): ExtensionSource {
  const exec = options.exec === null ? undefined : options.exec ?? "./run";
  return {
    manifest: { name, exec, version: options.version, enabled: true, raw: {} },
    dir: `/exts/${name}`,
    manifestPath: `/exts/${name}/extension.json`,
    kind: options.kind ?? "global",
  };
}

export class FakeChannel implements ExtensionChannel {
  readonly name: string;
  readonly source: ExtensionSource;
  readonly hello: HelloFrame;
  readonly capabilities: ReadonlySet<string>;
  readonly logPath: string;
  readonly sandboxed = false;
  readonly dataDir: string;
  readonly pid = undefined;
  readonly counters: FrameCounters = { malformed: 0, invalid: 0, unknownType: 0, lateReplies: 0 };
  /** Every frame the host sent, in order (send, write and request). */
  readonly sent: HostToExtFrame[] = [];
  readonly logs: string[] = [];
  readonly stopDeadlines: number[] = [];
  responder?: Responder;

  #listener?: (frame: ExtToHostFrame) => void;
  #early: ExtToHostFrame[] = [];
  #pending = new Map<string, Pending>();
  #readyState: ReadyState = "pending";
  #ready = Promise.withResolvers<void>();
  #closed = Promise.withResolvers<CloseInfo>();
  #isClosed = false;
  #settled = false;

  constructor(src: ExtensionSource, capabilities: string[] = []) {
    this.name = src.manifest.name;
    this.source = src;
    this.hello = { type: "hello", name: this.name, capabilities };
    this.capabilities = new Set(capabilities);
    this.logPath = `/logs/ext-${this.name}.log`;
    this.dataDir = src.dir;
  }

  setFrameListener(listener: (frame: ExtToHostFrame) => void): void {
    this.#listener = listener;
    for (const frame of this.#early.splice(0)) listener(frame);
  }

  /**
   * The extension writes `fields` as a line: it goes through the real boundary parser first, so
   * raw values of any shape reach the host typed as a real extension's would (an invalid line
   * throws).
   */
  pushLine(fields: Record<string, unknown>): void {
    const parsed = parseExtToHost(JSON.stringify(fields));
    if (!parsed.ok) throw new Error(parsed.error);
    this.push(parsed.frame);
  }

  /** The extension writes a frame: replies settle requests, the rest go to the listener. */
  push(frame: ExtToHostFrame): void {
    if (this.#isClosed) return;
    if (
      (frame.type === "tool_result" || frame.type === "command_response" ||
        frame.type === "event_intercept_response") && this.#pending.has(frame.id)
    ) {
      const pending = this.#pending.get(frame.id)!;
      this.#pending.delete(frame.id);
      pending.cleanup();
      pending.resolve(frame);
      return;
    }
    if (frame.type === "ready") this.markReady("ready");
    if (
      frame.type === "tool_result" || frame.type === "command_response" ||
      frame.type === "event_intercept_response"
    ) {
      this.counters.lateReplies++;
      return;
    }
    if (this.#listener) this.#listener(frame);
    else this.#early.push(frame);
  }

  send(frame: HostToExtFrame): boolean {
    if (this.#isClosed) return false;
    this.sent.push(frame);
    this.responder?.(frame, this);
    return true;
  }

  paced(_empty?: boolean): Promise<void> {
    return Promise.resolve();
  }

  write(frame: HostToExtFrame): Promise<void> {
    if (!this.send(frame)) {
      return Promise.reject(
        new RequestError("disconnected", `extension ${this.name} disconnected`),
      );
    }
    return Promise.resolve();
  }

  request(
    frame: HostToExtFrame & { id: string },
    options: RequestOptions = {},
  ): Promise<ReplyFrame> {
    if (this.#isClosed) {
      return Promise.reject(
        new RequestError("disconnected", `extension ${this.name} disconnected`),
      );
    }
    if (options.signal?.aborted) {
      return Promise.reject(new RequestError("cancelled", "request cancelled"));
    }
    const { promise, resolve, reject } = Promise.withResolvers<ReplyFrame>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => this.#fail(frame.id, new RequestError("cancelled", "request cancelled"));
    if (options.timeoutMs !== undefined) {
      timer = setTimeout(
        () => this.#fail(frame.id, new RequestError("timeout", `timeout waiting for ${frame.id}`)),
        options.timeoutMs,
      );
    }
    options.signal?.addEventListener("abort", onAbort, { once: true });
    this.#pending.set(frame.id, {
      resolve,
      reject,
      cleanup: () => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
      },
    });
    this.sent.push(frame);
    this.responder?.(frame, this);
    return promise;
  }

  #fail(id: string, error: RequestError): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    pending.cleanup();
    pending.reject(error);
  }

  abandon(id: string): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    pending.cleanup();
  }

  get pendingCount(): number {
    return this.#pending.size;
  }

  get readyState(): ReadyState {
    return this.#readyState;
  }
  get ready(): Promise<void> {
    return this.#ready.promise;
  }
  markReady(state: ReadyState): void {
    if (this.#readyState !== "pending") return;
    this.#readyState = state;
    this.#ready.resolve();
  }
  forceReady(): void {
    this.markReady("ready-timeout");
  }

  get closed(): Promise<CloseInfo> {
    return this.#closed.promise;
  }
  get isClosed(): boolean {
    return this.#isClosed;
  }
  /** The extension crashes or exits. */
  close(info: CloseInfo = { reason: "exited with status 1", code: 1 }): void {
    if (this.#settled) return;
    this.#settled = true;
    this.endOutput();
    this.markReady("ready");
    this.#closed.resolve(info);
  }

  /** Its output ends: requests fail at once; how it ended (`close`) comes later, as a process's exit status does. */
  endOutput(): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    for (const id of [...this.#pending.keys()]) {
      this.#fail(id, new RequestError("disconnected", `extension ${this.name} disconnected`));
    }
  }

  log(message: string): void {
    this.logs.push(message);
  }

  stop(deadline: number): Promise<void> {
    this.stopDeadlines.push(deadline);
    if (!this.#isClosed) this.sent.push({ type: "shutdown" });
    this.close({ reason: "stopped" });
    return Promise.resolve();
  }

  /** Host frames of one type. */
  frames<T extends HostToExtFrame["type"]>(type: T): Extract<HostToExtFrame, { type: T }>[] {
    return this.sent.filter((f): f is Extract<HostToExtFrame, { type: T }> => f.type === type);
  }
}

/** A SpawnFn over prepared fakes (or error texts), recording spawn order. */
export function fakeSpawn(
  table: Record<string, FakeChannel | string | (() => Promise<SpawnResult>)>,
): SpawnFn & { spawned: string[] } {
  const spawned: string[] = [];
  const fn = (src: ExtensionSource): Promise<SpawnResult> => {
    spawned.push(src.manifest.name);
    const entry = table[src.manifest.name];
    if (entry === undefined) {
      return Promise.resolve({ ok: false, error: `no fake for ${src.manifest.name}` });
    }
    if (typeof entry === "string") return Promise.resolve({ ok: false, error: entry });
    if (typeof entry === "function") return entry();
    return Promise.resolve({ ok: true, channel: entry, notes: [] });
  };
  return Object.assign(fn, { spawned });
}

/** A HostUi that records every call as `[method, ...args]`. */
export class RecordingUi implements HostUi {
  readonly calls: unknown[][] = [];
  #waiters: { check: () => boolean; resolve: () => void }[] = [];
  constructor(readonly interactive = false) {}

  /** Resolves once `check` holds (checked after every UI call), bounded by `ms`. */
  waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
    if (check()) return Promise.resolve();
    const done = Promise.withResolvers<void>();
    this.#waiters.push({ check, resolve: done.resolve });
    return withTimeout(done.promise, ms, what);
  }

  /** Messages of `notify` calls from `ext` (with `level`, when given). */
  notes(ext: string, level?: string): string[] {
    return this.calls
      .filter((c) => c[0] === "notify" && c[1] === ext && (level === undefined || c[2] === level))
      .map((c) => String(c[3]));
  }

  #record(call: unknown[]) {
    this.calls.push(call);
    this.#waiters = this.#waiters.filter((w) => {
      if (!w.check()) return true;
      w.resolve();
      return false;
    });
  }

  notify(e: string, l: string, m: string) {
    this.#record(["notify", e, l, m]);
  }
  display(e: string, t: string) {
    this.#record(["display", e, t]);
  }
  clearNotes(e: string) {
    this.#record(["clearNotes", e]);
  }
  submit(e: string, t: string) {
    this.#record(["submit", e, t]);
  }
  runCommand(e: string, c: string, a: string) {
    this.#record(["runCommand", e, c, a]);
  }
  /** Whether each opened panel (by id) was allowed the keyboard. */
  readonly panelFocus = new Map<string, boolean>();
  openPanel(e: string, p: PanelSpec, o?: { focus?: boolean }) {
    this.panelFocus.set(p.id, o?.focus === true);
    this.#record(["openPanel", e, p]);
  }
  renderPanel(e: string, p: PanelSpec) {
    this.#record(["renderPanel", e, p]);
  }
  closePanel(e: string, id: string) {
    this.#record(["closePanel", e, id]);
  }
  warn(d: Diagnostic) {
    this.#record(["warn", d.extension, diagnosticText(d)]);
  }
}

export const IDENTITY = { zotVersion: "0.1.0", provider: "anthropic", model: "m1", cwd: "/work" };

/** A host over fakes. `fakes` are loaded in the given order (all "global"). */
export async function hostWith(
  fakes: FakeChannel[],
  options: Partial<ExtensionHostOptions> = {},
): Promise<ExtensionHost> {
  const table: Record<string, FakeChannel> = {};
  for (const f of fakes) table[f.name] = f;
  const host = new ExtensionHost({
    spawn: fakeSpawn(table),
    paths: zotPaths("/work", "/zot-home"),
    identity: IDENTITY,
    runtimeSessionId: "runtime",
    // A fake cannot be started again: restarts have their own tests over real processes.
    restartPolicy: "never",
    ...options,
  });
  await host.load(fakes.map((f) => f.source));
  return host;
}

/** A fake named `name` with `frames` already sent after hello. */
export function fake(
  name: string,
  frames: ExtToHostFrame[] = [],
  options: { capabilities?: string[]; kind?: SourceKind } = {},
): FakeChannel {
  const f = new FakeChannel(source(name, { kind: options.kind }), options.capabilities);
  for (const frame of frames) f.push(frame);
  return f;
}
