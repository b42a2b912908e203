/**
 * SDK benchmarks over real pipes, with the SDK fixtures (tests/fixtures/sdk):
 * start to `ready` (median of STARTS) and sequential `tool_call` →
 * `tool_result` round trips through each SDK's dispatch (p50/p99).
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { encodeFrame, readLines } from "../../src/protocol/framing.ts";
import type { BenchRow } from "./types.ts";
import { fmtMs, fmtRate, median, quantile } from "./_stats.ts";
import { PYTHON } from "../../tests/helpers/python.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const STARTS = 5;
const WARMUP = 200;
const ROUND_TRIPS = 3_000;

/** The real interpreter behind `python3` (tests/helpers/python.ts). */
function python(): Promise<string> {
  return Promise.resolve(PYTHON);
}

interface Session {
  next(): Promise<Record<string, unknown>>;
  send(frame: unknown): Promise<void>;
  close(): Promise<void>;
}

function start(cmd: string, args: string[]): Session {
  const child = new Deno.Command(cmd, { args, stdin: "piped", stdout: "piped", stderr: "null" })
    .spawn();
  const writer = child.stdin.getWriter();
  const lines = readLines(child.stdout);
  return {
    async next() {
      const r = await lines.next();
      if (r.done || r.value.kind !== "line") throw new Error("extension ended");
      return JSON.parse(r.value.line);
    },
    send: (frame) => writer.write(encodeFrame(frame)),
    async close() {
      await writer.close().catch(() => {});
      await lines.return(undefined);
      await child.status;
    },
  };
}

const ACK = { type: "hello_ack", protocol_version: 1, capabilities: ["call_tool"], cwd: "/" };

async function toReady(s: Session): Promise<void> {
  await s.next();
  await s.send(ACK);
  while ((await s.next()).type !== "ready");
}

async function measure(label: string, cmd: string, args: string[]): Promise<BenchRow[]> {
  const starts: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const t0 = performance.now();
    const s = start(cmd, args);
    await toReady(s);
    starts.push(performance.now() - t0);
    await s.close();
  }
  const s = start(cmd, args);
  await toReady(s);
  const rtt: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < WARMUP + ROUND_TRIPS; i++) {
    const t = performance.now();
    await s.send({ type: "tool_call", id: `b${i}`, name: "upper", args: { text: "x" } });
    await s.next();
    if (i >= WARMUP) rtt.push(performance.now() - t);
  }
  const total = performance.now() - t0;
  await s.close();
  return [
    { group: "sdk", name: `${label}: start to ready`, value: fmtMs(median(starts)) },
    {
      group: "sdk",
      name: `${label}: tool round trip p50 / p99`,
      value: `${fmtMs(quantile(rtt, 0.5))} / ${fmtMs(quantile(rtt, 0.99))}`,
      note: fmtRate((WARMUP + ROUND_TRIPS) / (total / 1000)),
    },
  ];
}

export async function bench(): Promise<BenchRow[]> {
  const ts = await measure("TypeScript SDK", Deno.execPath(), [
    "run",
    "--no-prompt",
    `--allow-read=${ROOT}`,
    `${ROOT}tests/fixtures/sdk/full.ts`,
  ]);
  const py = await measure("Python SDK", await python(), [`${ROOT}tests/fixtures/sdk/full.py`]);
  return [...ts, ...py];
}

if (import.meta.main) console.table(await bench());
