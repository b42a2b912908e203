/**
 * One local runner invocation: start a child zot in JSON mode, feed it the
 * task on stdin, follow its event stream, and end it on cancel or timeout.
 * The child leads its own process group (Deno calls setsid for `detached`),
 * so ending it reaches whatever it started in that group: first SIGINT,
 * which a headless zot answers by aborting its run and stopping its
 * extensions, then SIGKILL for the whole group after a grace period.
 * Expected failures are outcomes, never throws.
 *
 * @module
 */

import type { RunStatus } from "../../protocol/events.ts";
import { LineSplitter } from "../../protocol/framing.ts";
import type { ChildCommand } from "./command.ts";
import { applyLine, newChildState } from "./stream.ts";
import { errorMessage } from "../../errors.ts";
import { killProcessGroup } from "../../process_group.ts";
import { bounded } from "../cancel.ts";

/**
 * How long a child gets between SIGINT and SIGKILL of its group. With the
 * pipe drain below it stays inside the parent's two-second shutdown wait.
 */
export const KILL_GRACE_MS = 1000;

/** How long to keep reading pipes after the child exited (a leftover may hold them). */
const DRAIN_MS = 500;

/** Bytes of the child's stderr kept for the failure message. */
const STDERR_TAIL_BYTES = 8192;

/** The longest delay setTimeout honours (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Longest child stdout line accepted (a tool result may be large). */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface RunnerRequest {
  command: ChildCommand;
  cwd: string;
  task: string;
  signal: AbortSignal;
  timeoutMs: number;
  progress?: (text: string) => void;
  killGraceMs?: number;
}

export interface RunnerOutcome {
  status: RunStatus;
  /** The child's final assistant text ("" when it gave none). */
  text: string;
  error?: string;
}

/** The shape of {@linkcode runChild}, so the supervisor can take a stand-in. */
export type Runner = (request: RunnerRequest) => Promise<RunnerOutcome>;

async function writeTask(child: Deno.ChildProcess, task: string): Promise<void> {
  const writer = child.stdin.getWriter();
  try {
    await writer.write(new TextEncoder().encode(task));
    await writer.close();
  } catch {
    // The child died before reading its task; its exit status tells why.
  }
}

/** Reads a pipe chunk by chunk until EOF; `cancel` ends it early. */
function pump(
  stream: ReadableStream<Uint8Array>,
  onChunk: (chunk: Uint8Array) => void,
): { done: Promise<void>; cancel(): Promise<void> } {
  const reader = stream.getReader();
  const done = (async () => {
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) return;
        onChunk(value);
      }
    } catch {
      // Cancelled or broken pipe: what was read is all there is.
    }
  })();
  return { done, cancel: () => reader.cancel().catch(() => {}) };
}

function lastLine(text: string): string | undefined {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  return lines.at(-1);
}

export const runChild: Runner = async (request) => {
  if (request.signal.aborted) return { status: "cancelled", text: "" };
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(request.command.command, {
      args: request.command.args,
      env: request.command.env,
      cwd: request.cwd,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      detached: true,
    }).spawn();
  } catch (e) {
    return { status: "failed", text: "", error: `Cannot start child zot: ${errorMessage(e)}` };
  }

  let ended: "cancelled" | "timed_out" | undefined;
  let ending: Promise<void> = Promise.resolve();
  const end = (why: "cancelled" | "timed_out") => {
    if (ended) return;
    ended = why;
    // SIGINT: the child zot aborts its run and exits; SIGKILL follows after the grace.
    ending = killProcessGroup(child, request.killGraceMs ?? KILL_GRACE_MS, "SIGINT");
  };
  const onAbort = () => end("cancelled");
  request.signal.addEventListener("abort", onAbort, { once: true });
  // setTimeout fires at once past 2^31-1 ms: a huge deadline must not mean none.
  const timer = setTimeout(() => end("timed_out"), Math.min(request.timeoutMs, MAX_TIMER_MS));

  const state = newChildState();
  const stderr = { text: "" };
  const splitter = new LineSplitter(MAX_LINE_BYTES);
  const onLines = (items: ReturnType<LineSplitter["push"]>) => {
    for (const item of items) {
      if (item.kind === "line") applyLine(state, item.line, request.progress);
    }
  };
  const stdout = pump(child.stdout, (chunk) => onLines(splitter.push(chunk)));
  const decoder = new TextDecoder();
  const stderrPipe = pump(child.stderr, (chunk) => {
    const text = stderr.text + decoder.decode(chunk, { stream: true });
    stderr.text = text.slice(-STDERR_TAIL_BYTES);
  });
  try {
    await writeTask(child, request.task);
    const status = await child.status;
    await bounded(Promise.all([stdout.done, stderrPipe.done]), DRAIN_MS);
    onLines(splitter.end());
    await ending;
    if (ended === "cancelled") return { status: "cancelled", text: state.text };
    if (ended === "timed_out") {
      const seconds = Math.round(request.timeoutMs / 100) / 10;
      return { status: "timed_out", text: state.text, error: `timed out after ${seconds}s` };
    }
    if (status.success) return { status: "completed", text: state.text };
    const error = state.error ?? lastLine(stderr.text) ??
      `child zot exited with code ${status.code}`;
    return { status: "failed", text: state.text, error };
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener("abort", onAbort);
    // A leftover group member may still hold the pipes: stop reading them.
    await Promise.all([stdout.cancel(), stderrPipe.cancel()]);
    await Promise.all([stdout.done, stderrPipe.done]);
  }
};
