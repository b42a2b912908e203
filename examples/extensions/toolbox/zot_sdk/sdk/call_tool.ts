/**
 * `call_tool`: ask the host to run a tool (built-in or another extension's)
 * and await its `tool_result`. One pending entry per request id; every entry
 * is settled by the reply, cancellation, the deadline, or end of input.
 *
 * @module
 */

import type {
  CallToolCancelFrame,
  CallToolFrame,
  HostToolResultFrame,
  JsonObject,
} from "../protocol/frames.ts";
import { CAP_CALL_TOOL } from "../protocol/frames.ts";
import { CALL_TOOL_TIMEOUT_MS } from "../protocol/limits.ts";
import { isJsonObject } from "../protocol/validate.ts";
import { fromHostResult } from "./results.ts";
import type { CallToolOptions, ToolResult } from "./types.ts";

interface Pending {
  resolve(result: ToolResult): void;
  reject(error: Error): void;
}

/** Sends `call_tool` frames and matches the host's replies. */
export class CallToolClient {
  #pending = new Map<string, Pending>();
  #next = 0;
  #send: (frame: CallToolFrame | CallToolCancelFrame) => void;
  #hostCaps: () => readonly string[] | undefined;
  #closed = false;

  constructor(
    send: (frame: CallToolFrame | CallToolCancelFrame) => void,
    hostCaps: () => readonly string[] | undefined,
  ) {
    this.#send = send;
    this.#hostCaps = hostCaps;
  }

  /** Request `name` with `args`; tool failures resolve with `is_error`, transport failures reject. */
  call(name: string, args: JsonObject, options: CallToolOptions = {}): Promise<ToolResult> {
    const caps = this.#hostCaps();
    if (!caps?.includes(CAP_CALL_TOOL)) {
      return Promise.reject(new Error("host does not support call_tool"));
    }
    if (!isJsonObject(args)) {
      return Promise.reject(new Error("call_tool args must be a JSON object"));
    }
    if (this.#closed) return Promise.reject(new Error("host disconnected"));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));

    const id = `sdk-${++this.#next}`;
    const { promise, resolve, reject } = Promise.withResolvers<ToolResult>();
    const timeoutMs = options.timeoutMs ?? CALL_TOOL_TIMEOUT_MS;
    const cancel = (error: Error) => {
      if (!this.#pending.has(id)) return;
      this.#send({ type: "call_tool_cancel", id });
      settle.reject(error);
    };
    const onAbort = () => cancel(abortError(signal!));
    const timer = setTimeout(
      () => cancel(new Error(`call_tool "${name}" timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      this.#pending.delete(id);
    };
    const settle: Pending = {
      resolve: (r) => {
        done();
        resolve(r);
      },
      reject: (e) => {
        done();
        reject(e);
      },
    };
    this.#pending.set(id, settle);
    signal?.addEventListener("abort", onAbort, { once: true });
    const frame: CallToolFrame = { type: "call_tool", id, name, args };
    if (options.parentId) frame.parent_id = options.parentId;
    this.#send(frame);
    return promise;
  }

  /** A host `tool_result`; false when it answers no pending call (late or unknown). */
  settle(frame: HostToolResultFrame): boolean {
    const p = this.#pending.get(frame.id);
    if (!p) return false;
    p.resolve(fromHostResult(frame));
    return true;
  }

  /** End of input: every pending call fails with `host disconnected`. */
  close(): void {
    this.#closed = true;
    for (const p of [...this.#pending.values()]) p.reject(new Error("host disconnected"));
  }
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException("call_tool aborted", "AbortError");
}
