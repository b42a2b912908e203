/**
 * The MCP SDK's `Transport` over a child process zot started itself. The
 * SDK's own stdio transport spawns the server with Node's child_process and
 * an environment of its choosing; the server here must be spawned exactly as
 * its launch plan says (the sandbox runner, a cleared environment), so the
 * process is ours and this only frames messages: one JSON-RPC message per
 * line, as the MCP stdio transport defines.
 *
 * @module
 */

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** The pipes of a started server. */
export interface ServerPipes {
  stdin: WritableStream<Uint8Array>;
  stdout: ReadableStream<Uint8Array>;
}

/** Frames MCP messages over a server's stdin and stdout. */
export class PipeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  #pipes: ServerPipes;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #closed = false;
  #encoder = new TextEncoder();

  constructor(pipes: ServerPipes) {
    this.#pipes = pipes;
    this.#writer = pipes.stdin.getWriter();
  }

  start(): Promise<void> {
    void this.#read();
    return Promise.resolve();
  }

  async #read(): Promise<void> {
    let pending = "";
    try {
      for await (const text of this.#pipes.stdout.pipeThrough(new TextDecoderStream())) {
        pending += text;
        let at: number;
        while ((at = pending.indexOf("\n")) >= 0) {
          const line = pending.slice(0, at).replace(/\r$/, "");
          pending = pending.slice(at + 1);
          if (line.trim() !== "") this.#deliver(line);
        }
      }
    } catch (e) {
      if (!this.#closed) this.onerror?.(e instanceof Error ? e : new Error(String(e)));
    }
    this.#finish();
  }

  /** One line: a message, or an error reported to the client (the next line is read). */
  #deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (e) {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    this.onmessage?.(message);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) throw new Error("the MCP server has exited");
    await this.#writer.write(this.#encoder.encode(serializeMessage(message)));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#writer.close().catch(() => {});
    this.#finish();
  }

  #finish(): void {
    this.#closed = true;
    const done = this.onclose;
    this.onclose = undefined;
    done?.();
  }
}
