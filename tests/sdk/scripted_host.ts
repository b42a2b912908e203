/**
 * A test double of the zot host over REAL pipes: spawns an extension, writes
 * host frames to its stdin, reads and validates every stdout line.
 *
 * @module
 */

import { encodeFrame, readLines } from "../../src/protocol/framing.ts";
import type { ExtToHostFrame, HostToExtFrame } from "../../src/protocol/frames.ts";
import { parseExtToHost } from "../../src/protocol/validate.ts";
import { withTimeout } from "../helpers/wait.ts";

const WAIT_MS = 10_000;

export class ScriptedHost implements AsyncDisposable {
  #child: Deno.ChildProcess;
  #stdin: WritableStreamDefaultWriter<Uint8Array>;
  #queue: ExtToHostFrame[] = [];
  #waiters: Array<() => void> = [];
  #eof = false;
  #pump: Promise<void>;
  #stderr: Promise<string>;
  /** Lines that were not valid frames: must stay empty (stdout is sacred). */
  readonly badLines: string[] = [];
  #stdinClosed = false;

  constructor(
    command: string,
    args: string[],
    options: { cwd?: string; env?: Record<string, string> } = {},
  ) {
    this.#child = new Deno.Command(command, {
      args,
      cwd: options.cwd,
      env: options.env,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#stdin = this.#child.stdin.getWriter();
    this.#pump = this.#read();
    this.#stderr = new Response(this.#child.stderr).text();
  }

  async #read() {
    for await (const item of readLines(this.#child.stdout)) {
      if (item.kind !== "line") break;
      const parsed = parseExtToHost(item.line);
      // Round-trip drops the validator's undefined keys so frames compare like the wire.
      if (parsed.ok) this.#queue.push(JSON.parse(JSON.stringify(parsed.frame)));
      else this.badLines.push(item.line);
      this.#waiters.splice(0).forEach((w) => w());
    }
    this.#eof = true;
    this.#waiters.splice(0).forEach((w) => w());
  }

  /** Send one host frame. */
  async send(frame: HostToExtFrame | Record<string, unknown>): Promise<void> {
    await this.#stdin.write(encodeFrame(frame));
  }

  /** Send several frames in ONE write (they arrive in one chunk). */
  async sendBatch(frames: Array<HostToExtFrame | Record<string, unknown>>): Promise<void> {
    const text = frames.map((f) => JSON.stringify(f) + "\n").join("");
    await this.#stdin.write(new TextEncoder().encode(text));
  }

  /** The next frame the extension wrote; undefined at end of output. */
  async next(what = "a frame"): Promise<ExtToHostFrame | undefined> {
    const deadline = withTimeout(
      (async () => {
        while (this.#queue.length === 0 && !this.#eof) {
          await new Promise<void>((r) => this.#waiters.push(r));
        }
      })(),
      WAIT_MS,
      what,
    );
    await deadline;
    return this.#queue.shift();
  }

  /** The next frame, which must have `type`. */
  async expect<T extends ExtToHostFrame["type"]>(
    type: T,
  ): Promise<Extract<ExtToHostFrame, { type: T }>> {
    const f = await this.next(`a "${type}" frame`);
    if (!f) throw new Error(`Expected a "${type}" frame, got end of output`);
    if (f.type !== type) throw new Error(`Expected a "${type}" frame, got ${JSON.stringify(f)}`);
    return f as Extract<ExtToHostFrame, { type: T }>;
  }

  /** Handshake like the host: read hello, answer hello_ack; returns the frames up to ready. */
  async handshake(ack: Record<string, unknown> = {}): Promise<ExtToHostFrame[]> {
    await this.expect("hello");
    await this.send({
      type: "hello_ack",
      protocol_version: 1,
      capabilities: ["call_tool"],
      zot_version: "test",
      provider: "fake",
      model: "fake-1",
      cwd: "/project",
      extension_dir: "/ext",
      data_dir: "/data",
      ...ack,
    });
    const out: ExtToHostFrame[] = [];
    while (true) {
      const f = await this.next("ready");
      if (!f) throw new Error(`No ready before end of output: ${JSON.stringify(out)}`);
      if (f.type === "ready") return out;
      out.push(f);
    }
  }

  async closeStdin(): Promise<void> {
    if (this.#stdinClosed) return;
    this.#stdinClosed = true;
    await this.#stdin.close().catch(() => {});
  }

  /** Wait for the exit status (bounded). */
  async exit(): Promise<Deno.CommandStatus> {
    return await withTimeout(this.#child.status, WAIT_MS, "the extension to exit");
  }

  /** Everything written to stderr (after exit). */
  async stderr(): Promise<string> {
    await this.exit();
    return await this.#stderr;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.closeStdin();
    try {
      await this.exit();
    } catch {
      this.#child.kill("SIGKILL");
      await this.#child.status;
    }
    await this.#pump.catch(() => {});
    await this.#stderr.catch(() => {});
  }
}
