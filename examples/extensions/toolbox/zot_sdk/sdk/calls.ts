/**
 * Running command and tool handlers: one AbortController per live call,
 * registered before the handler starts so a `tool_cancel` is never lost, and
 * a result from a cancelled call is never sent.
 *
 * @module
 */

import type { ExtToHostFrame, JsonObject } from "../protocol/frames.ts";
import { errorMessage } from "./errors.ts";
import {
  commandResponseFrame,
  errorResponse,
  errorResult,
  toCommandResponse,
  toolResultFrame,
  toToolResult,
} from "./results.ts";
import type {
  CallToolOptions,
  CommandHandler,
  CommandResponse,
  ToolHandler,
  ToolResult,
  ToolSpec,
} from "./types.ts";

/** A registered tool. */
export interface ToolEntry {
  spec: ToolSpec;
  handler: ToolHandler;
}

/** A registered command. */
export interface CommandEntry {
  name: string;
  description: string;
  handler: CommandHandler;
}

type CallTool = (name: string, args: JsonObject, options?: CallToolOptions) => Promise<ToolResult>;

/** Tracks live tool calls by id and runs handlers. */
export class CallRunner {
  #tools = new Map<string, AbortController>();
  #life: AbortSignal;
  #send: (frame: ExtToHostFrame) => void;
  #callTool: CallTool;

  constructor(life: AbortSignal, send: (frame: ExtToHostFrame) => void, callTool: CallTool) {
    this.#life = life;
    this.#send = send;
    this.#callTool = callTool;
  }

  /** Number of tool calls still running (for tests and diagnostics). */
  get activeTools(): number {
    return this.#tools.size;
  }

  async runCommand(id: string, name: string, args: string, entry: CommandEntry | undefined) {
    let response: CommandResponse;
    try {
      response = entry
        ? toCommandResponse(await entry.handler(args, { id, name, signal: this.#life }), name)
        : errorResponse(`no handler for /${name}`);
    } catch (e) {
      response = errorResponse(`panic: ${errorMessage(e)}`);
    }
    if (this.#life.aborted) return;
    // Runs unawaited: a throw here (a value JSON cannot encode) would be an
    // unhandled rejection, which ends the whole extension.
    try {
      this.#send(commandResponseFrame(id, response));
    } catch (e) {
      this.#send(commandResponseFrame(id, errorResponse(`panic: ${errorMessage(e)}`)));
    }
  }

  async runTool(id: string, name: string, args: JsonObject, entry: ToolEntry | undefined) {
    const own = new AbortController();
    // Registered before the handler starts: a cancel in the same read finds it.
    this.#tools.set(id, own);
    const signal = AbortSignal.any([own.signal, this.#life]);
    let result: ToolResult;
    try {
      if (!entry) {
        result = errorResult(`no handler for tool "${name}"`);
      } else {
        const callTool: CallTool = (n, a, o = {}) =>
          this.#callTool(n, a, {
            ...o,
            parentId: o.parentId ?? id,
            signal: o.signal ? AbortSignal.any([o.signal, signal]) : signal,
          });
        result = toToolResult(await entry.handler(args, { id, name, signal, callTool }), name);
      }
    } catch (e) {
      result = errorResult(`panic: ${errorMessage(e)}`);
    } finally {
      this.#tools.delete(id);
    }
    // The host has given up on a cancelled call; a late result would only be noise.
    if (signal.aborted) return;
    try {
      this.#send(toolResultFrame(id, result));
    } catch (e) {
      this.#send(toolResultFrame(id, errorResult(`panic: ${errorMessage(e)}`)));
    }
  }

  /** `tool_cancel`: unknown or finished ids are ignored. */
  cancelTool(id: string): void {
    this.#tools.get(id)?.abort(new DOMException("tool call cancelled by host", "AbortError"));
  }
}
