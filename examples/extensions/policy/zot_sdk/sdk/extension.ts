/**
 * The extension: registrations, the canonical start-up (hello, wait for
 * hello_ack, onHello callbacks, registrations, ready) and the read loop that
 * dispatches host frames.
 *
 * @module
 */

import { readLines } from "../protocol/framing.ts";
import {
  assertNever,
  CAP_CALL_TOOL,
  CAP_TOOL_CANCEL,
  type ExtToHostFrame,
  type HostToExtFrame,
  type JsonObject,
} from "../protocol/frames.ts";
import { parseHostToExt } from "../protocol/validate.ts";
import { CallRunner } from "./calls.ts";
import { errorMessage } from "./errors.ts";
import { hostInfo, readHelloAck } from "./host_info.ts";
import { Registry } from "./registry.ts";
import { CallToolClient } from "./call_tool.ts";
import { type AnyEvent, decodeEvent, type EventOf, type LifecycleEventName } from "./events.ts";
import {
  answerIntercept,
  type AssistantMessageInterceptor,
  type BeforeAgentStartInterceptor,
  type Interceptors,
  type ToolCallInterceptor,
  type TurnStartInterceptor,
} from "./interceptors.ts";
import { Panel, type PanelHandlers } from "./panels.ts";
import { FrameWriter, routeConsoleToStderr, stdioTransport, type Transport } from "./transport.ts";
import type {
  CallToolOptions,
  CommandHandler,
  ExtensionApi,
  HookContext,
  HostInfo,
  NotifyLevel,
  ToolHandler,
  ToolResult,
  ToolSpec,
} from "./types.ts";

// Importing the SDK makes this process an extension, whose stdout carries
// frames only. Routing console output here, at import time rather than in
// run(), also covers a console.log at the extension's top level, which
// runs before hello (and would otherwise fail the load).
routeConsoleToStderr();

/** Capabilities sent in `hello` unless overridden. */
export const DEFAULT_CAPABILITIES: readonly string[] = [
  "commands",
  "tools",
  "events",
  "panels",
  CAP_TOOL_CANCEL,
  CAP_CALL_TOOL,
];

/** Options of `new Extension(name, version, options)`. */
export interface ExtensionOptions {
  /** Defaults to {@linkcode DEFAULT_CAPABILITIES}. */
  capabilities?: string[];
  /** Defaults to this process's stdin/stdout. */
  transport?: Transport;
}

/** Observes lifecycle event `N`; what it returns is ignored and what it throws is logged. */
export type EventHandler<N extends LifecycleEventName> = (
  event: EventOf<N>,
  ctx: HookContext,
) => void | Promise<void>;

type Phase = "new" | "handshake" | "running" | "closed";

function isEvent<N extends LifecycleEventName>(e: AnyEvent, name: N): e is EventOf<N> {
  return e.event === name;
}

/** An extension. Register commands, tools, hooks and panels, then `await ext.run()`. */
export class Extension implements ExtensionApi {
  /** The name sent in `hello` (the manifest's name). */
  readonly name: string;
  /** The version sent in `hello`. */
  readonly version: string;
  #caps: string[];
  #transport?: Transport;
  #phase: Phase = "new";
  #early: ExtToHostFrame[] = [];
  #writer?: FrameWriter;
  #host?: HostInfo;
  #life = new AbortController();
  #reg = new Registry();
  #onHello: Array<(host: HostInfo) => void | Promise<void>> = [];
  #client: CallToolClient;
  #runner: CallRunner;

  /** An extension called `name`; nothing is sent until {@linkcode Extension.run}. */
  constructor(name: string, version = "0.0.0", options: ExtensionOptions = {}) {
    this.name = name;
    this.version = version;
    this.#caps = options.capabilities ?? [...DEFAULT_CAPABILITIES];
    this.#transport = options.transport;
    const send = (f: ExtToHostFrame) => this.#send(f);
    this.#client = new CallToolClient(send, () => this.#host?.capabilities);
    this.#runner = new CallRunner(this.#life.signal, send, (n, a, o) => this.callTool(n, a, o));
  }

  /** Host info from `hello_ack`. */
  get host(): HostInfo {
    if (!this.#host) {
      throw new Error("Host info is not available before hello_ack (use ext.onHello)");
    }
    return this.#host;
  }

  /** Run `fn` after `hello_ack`, before registrations are announced (it may register more). */
  onHello(fn: (host: HostInfo) => void | Promise<void>): this {
    this.#onHello.push(fn);
    return this;
  }

  /** Register a slash command. Names match case-insensitively on the host. */
  command(name: string, description: string, handler: CommandHandler): this {
    this.#reg.addCommand({ name, description, handler });
    this.#announce({ type: "register_command", name, description });
    return this;
  }

  /**
   * Register a tool the model can call. The handler's `ctx.signal` is aborted
   * by `tool_cancel`, shutdown or end of input; a cancelled call's result is
   * never sent.
   *
   * @example
   * ```ts
   * import { Extension, textResult } from "./mod.ts";
   * const ext = new Extension("clock");
   * ext.tool({ name: "now", description: "The current time (ISO 8601)." }, () =>
   *   textResult(new Date().toISOString()));
   * ext.tool({ name: "search", description: "Loads the deferred search tool." }, () =>
   *   textResult("search is available", { activateTools: ["deep_search"] }));
   * ext.tool({ name: "deep_search", description: "Search.", deferred: true }, () => "nothing found");
   * ```
   */
  tool(spec: ToolSpec, handler: ToolHandler): this {
    this.#reg.addTool({ spec, handler });
    this.#announce(Registry.toolFrame(spec));
    return this;
  }

  /** Observe a lifecycle event. Handlers run in arrival order; returns an unsubscribe function. */
  on<N extends LifecycleEventName>(name: N, handler: EventHandler<N>): () => void {
    const wrapped = (e: AnyEvent, ctx: HookContext) =>
      isEvent(e, name) ? handler(e, ctx) : undefined;
    const list = this.#reg.events.get(name) ?? [];
    const isNew = list.length === 0;
    list.push(wrapped);
    this.#reg.events.set(name, list);
    if (isNew) this.#announce({ type: "subscribe", events: [name] });
    return () => {
      const at = list.indexOf(wrapped);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Replace the complete system prompt before the first model call. */
  interceptBeforeAgentStart(fn: BeforeAgentStartInterceptor): this {
    return this.#intercept("before_agent_start", fn);
  }
  /**
   * Block a tool call or rewrite its args; return nothing to allow it. A throwing interceptor
   * blocks (fail closed). Args a later extension rewrote come back once: then only a block counts.
   *
   * @example
   * ```ts
   * import { Extension } from "./mod.ts";
   * const ext = new Extension("guard");
   * ext.interceptToolCall((call) => {
   *   const cmd = String(call.tool_args.command ?? "");
   *   if (call.tool_name === "bash" && cmd.includes("rm -rf")) {
   *     return { block: true, reason: "refused: rm -rf" };
   *   }
   * });
   * ```
   */
  interceptToolCall(fn: ToolCallInterceptor): this {
    return this.#intercept("tool_call", fn);
  }
  /** Block a turn before the model is called. */
  interceptTurnStart(fn: TurnStartInterceptor): this {
    return this.#intercept("turn_start", fn);
  }
  /** Hide or rewrite the assistant's visible text. */
  interceptAssistantMessage(fn: AssistantMessageInterceptor): this {
    return this.#intercept("assistant_message", fn);
  }

  /**
   * A panel handle for `id`; its handlers receive the panel's keys and close.
   *
   * @example
   * ```ts
   * import { Extension } from "./mod.ts";
   * const ext = new Extension("demo");
   * let count = 0;
   * const panel = ext.panel("counter", {
   *   onKey(key) {
   *     if (key === "up") count++;
   *     panel.render({ title: "Counter", lines: [String(count)] });
   *   },
   * });
   * ext.command("counter", "show the counter", () => panel.response({ lines: [String(count)] }));
   * ```
   */
  panel(id: string, handlers: PanelHandlers = {}): Panel {
    const panel = new Panel(id, (f) => this.#send(f), () => {
      if (this.#reg.panels.get(id)?.panel === panel) this.#reg.panels.delete(id);
    });
    this.#reg.panels.set(id, { panel, handlers });
    return panel;
  }

  /** Show a note in the host's status area. */
  notify(level: NotifyLevel, message: string): void {
    this.#send({ type: "notify", level, message });
  }
  /** Clear this extension's notes. */
  clearNotes(): void {
    this.#send({ type: "clear_notes" });
  }
  /** Submit text as a user prompt (interactive hosts only; a sandboxed extension needs `"submit": true`). */
  submit(text: string): void {
    this.#send({ type: "submit", text });
  }
  /** Log a line to stderr (the extension's log file), prefixed with the name. */
  log(...parts: unknown[]): void {
    console.error(`[${this.name}]`, ...parts);
  }
  /**
   * Run a tool through the host (needs the host's `call_tool` capability).
   * Tool failures resolve with `is_error`; a missing capability, abort,
   * timeout or end of input reject. Inside a tool handler use
   * `ctx.callTool`, which nests the call under the current one.
   *
   * @example
   * ```ts
   * import { display, Extension } from "./mod.ts";
   * const ext = new Extension("reader");
   * ext.command("peek", "show a file's first line", async (args, ctx) => {
   *   const r = await ext.callTool("read", { path: args, limit: 1 }, { signal: ctx.signal });
   *   return display(r.content.map((b) => b.type === "text" ? b.text : "").join(""));
   * });
   * ```
   */
  callTool(name: string, args: JsonObject, options?: CallToolOptions): Promise<ToolResult> {
    if (this.#phase === "handshake" && this.#host) {
      // The request would wait for ready, which waits for onHello: a 60 s stall.
      return Promise.reject(
        new Error(
          "callTool cannot wait in onHello (nothing is sent before ready): call it from a " +
            "command, tool or hook handler",
        ),
      );
    }
    return this.#client.call(name, args, options);
  }

  /** Handshake, then serve until `shutdown` or end of input. */
  async run(): Promise<void> {
    if (this.#phase !== "new") throw new Error(`Extension "${this.name}" is already running`);
    this.#phase = "handshake";
    // Resolved here, not in the constructor, so building an extension touches no stream.
    this.#transport ??= stdioTransport();
    this.#writer = new FrameWriter(this.#transport.writable, (e) => {
      this.log("cannot write to host:", e instanceof Error ? e.message : e);
    });
    this.#writer.send({
      type: "hello",
      name: this.name,
      version: this.version,
      capabilities: this.#caps,
    });
    const lines = readLines(this.#transport.readable);
    try {
      const ack = await readHelloAck(lines, (message) => this.log(message));
      if (!ack) return;
      this.#host = hostInfo(ack);
      for (const fn of this.#onHello) await fn(this.#host);
      this.#reg.frames().forEach((f) => this.#writer!.send(f));
      this.#writer.send({ type: "ready" });
      this.#phase = "running";
      for (const f of this.#early) this.#writer.send(f);
      this.#early = [];
      for await (const item of lines) {
        if (item.kind === "oversize") {
          this.log(`host frame over ${item.bytes} bytes; stopping`);
          break;
        }
        if (this.#dispatch(item.line) === "stop") break;
      }
    } finally {
      await this.#close();
    }
  }

  #dispatch(line: string): "stop" | undefined {
    const parsed = parseHostToExt(line);
    if (!parsed.ok) {
      this.log(`ignoring host frame: ${parsed.error}`);
      return;
    }
    const frame: HostToExtFrame = parsed.frame;
    const ctx: HookContext = { signal: this.#life.signal };
    switch (frame.type) {
      case "command_invoked": {
        const entry = this.#reg.commands.get(frame.name.toLowerCase());
        this.#runner.runCommand(frame.id, frame.name, frame.args ?? "", entry);
        return;
      }
      case "tool_call":
        this.#runner.runTool(frame.id, frame.name, frame.args, this.#reg.tools.get(frame.name));
        return;
      case "tool_cancel":
        this.#runner.cancelTool(frame.id);
        return;
      case "tool_result":
        if (!this.#client.settle(frame)) this.log(`ignoring late tool_result "${frame.id}"`);
        return;
      case "event": {
        const event = decodeEvent(frame);
        if (!event) return;
        for (const h of this.#reg.events.get(event.event) ?? []) this.#guard(() => h(event, ctx));
        return;
      }
      case "event_intercept":
        answerIntercept(frame, this.#reg.hooks, ctx).then((r) => this.#send(r));
        return;
      case "panel_key": {
        const p = this.#reg.panels.get(frame.panel_id);
        if (p?.handlers.onKey) this.#guard(() => p.handlers.onKey!(frame.key, frame.text ?? ""));
        return;
      }
      case "panel_close": {
        const p = this.#reg.panels.get(frame.panel_id);
        p?.panel.markClosed();
        if (p?.handlers.onClose) this.#guard(() => p.handlers.onClose!());
        return;
      }
      case "hello_ack":
        this.log("ignoring repeated hello_ack");
        return;
      case "shutdown":
        this.#life.abort(new DOMException("host shut down", "AbortError"));
        this.#send({ type: "shutdown_ack" });
        return "stop";
      default:
        assertNever(frame);
    }
  }

  /** Run a callback; a throw or rejection is logged, never fatal. */
  #guard(fn: () => void | Promise<void>): void {
    const report = (e: unknown) => this.log("handler failed:", errorMessage(e));
    try {
      const r = fn();
      if (r instanceof Promise) r.catch(report);
    } catch (e) {
      report(e);
    }
  }

  async #close(): Promise<void> {
    // Abort first: handlers reacting synchronously may still send a last frame.
    this.#life.abort(new DOMException("host closed input", "AbortError"));
    this.#client.close();
    this.#phase = "closed";
    await this.#writer?.close();
  }

  #send(frame: ExtToHostFrame): void {
    if (this.#phase === "running") this.#writer?.send(frame);
    else if (this.#phase !== "closed") this.#early.push(frame);
  }

  /** After ready a registration goes out at once; before, `run` announces it. */
  #announce(frame: ExtToHostFrame): void {
    if (this.#phase === "running") this.#writer?.send(frame);
  }

  #intercept<K extends keyof Interceptors>(event: K, fn: NonNullable<Interceptors[K]>): this {
    const isNew = !this.#reg.hooks[event];
    this.#reg.hooks[event] = fn;
    if (isNew) this.#announce({ type: "subscribe", intercept: [event] });
    return this;
  }
}
