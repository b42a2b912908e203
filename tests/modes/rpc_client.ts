/**
 * A running `zot --rpc` with line-level access to its stdin and stdout, for
 * the RPC mode tests.
 *
 * @module
 */

import { withTimeout } from "../helpers/wait.ts";
import { readLines } from "../../src/protocol/framing.ts";
import { zotCommand, type ZotEnv } from "./run_zot.ts";

export type Frame = Record<string, unknown>;

export interface RpcClient {
  readonly child: Deno.ChildProcess;
  /** Every stdout line read so far. */
  readonly seen: string[];
  /** Sends an object as one JSON line, or a string as a raw line. */
  send(value: unknown): Promise<void>;
  next(): Promise<Frame>;
  until(pred: (f: Frame) => boolean): Promise<Frame[]>;
  /** Closes stdin and reads stdout to its end. */
  close(): Promise<{ code: number; stderr: string; rest: string[] }>;
}

export function rpcProcess(args: string[], z: ZotEnv): RpcClient {
  const child = zotCommand(["--rpc", ...args], z, "piped").spawn();
  const writer = child.stdin.getWriter();
  const lines = readLines(child.stdout);
  const seen: string[] = [];
  const stderr = new Response(child.stderr).text();
  const client: RpcClient = {
    child,
    seen,
    send: (value) =>
      writer.write(
        new TextEncoder().encode(
          typeof value === "string" ? value + "\n" : JSON.stringify(value) + "\n",
        ),
      ),
    async next() {
      const item = await withTimeout(lines.next(), 10_000, "an RPC stdout line");
      if (item.done || item.value.kind !== "line") {
        throw new Error(`stdout ended; stderr: ${await stderr}`);
      }
      seen.push(item.value.line);
      return JSON.parse(item.value.line);
    },
    async until(pred) {
      const got: Frame[] = [];
      for (;;) {
        const f = await client.next();
        got.push(f);
        if (pred(f)) return got;
      }
    },
    async close() {
      await writer.close().catch(() => {});
      const rest: string[] = [];
      for await (const item of lines) if (item.kind === "line") rest.push(item.line);
      const status = await child.status;
      return { code: status.code, stderr: await stderr, rest };
    },
  };
  return client;
}
