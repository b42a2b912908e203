/**
 * RPC mode (`zot --rpc` / `zot rpc`): JSON commands on stdin, one JSON
 * response or event per line on stdout. At most one prompt or compaction
 * runs at a time (others queue; `abort` acts at once and with `drop_queued`
 * drops the queue). Exits when stdin
 * closes, after in-flight work (0). SIGINT, SIGTERM or SIGHUP aborts the work in
 * flight, drops the queue and exits 1 once the run has ended and the
 * session and extensions are shut down (0 when it was idle); a closed
 * stdout does the same and exits 141. Sessions are off unless asked for.
 *
 * @module
 */

import { toClientEvent } from "../common/client_events.ts";
import { progressBudget } from "../common/progress_budget.ts";
import { readLines } from "../../protocol/framing.ts";
import { EXIT_BROKEN_PIPE, EXIT_FAILURE, EXIT_OK } from "../../errors.ts";
import { createSetup, type RunSetup, type SetupOptions } from "../common/setup.ts";
import type { RunFlags } from "../common/flags.ts";
import { jsonLines, type LineWriter, stderrLine, watchedStdout } from "../common/output.ts";
import { parseCommand } from "./commands.ts";
import { rpcUi } from "./ui.ts";
import { interruptedLine, type InterruptSignal, onInterrupt } from "../common/interrupt.ts";
import { handleCommand } from "./handlers.ts";
import { workQueue } from "./work_queue.ts";
import { errorEvent } from "../common/error_event.ts";
import { lineSink } from "../common/diagnostics.ts";

/** RPC stdin lines may carry images: larger than extension frames. */
export const RPC_MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface RpcOptions {
  flags: RunFlags;
  stdin?: ReadableStream<Uint8Array>;
  stdout?: LineWriter;
  stderr?: LineWriter;
  token?: string;
  setup?: Partial<SetupOptions>;
}

function sameToken(a: string, b: string): boolean {
  // Constant time in the length of the expected token.
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a.charCodeAt(i) || 0) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function runRpc(options: RpcOptions): Promise<number> {
  // Set by SIGINT / SIGTERM / SIGHUP, or a closed stdout (the client is gone, nobody sees the rest): the
  // running work is aborted, queued work never starts, no further command is read.
  let stopping: InterruptSignal | "stdout" | undefined;
  const stopped = Promise.withResolvers<undefined>();
  let abortWork = (_reason: string) => {};
  const stop = (why: InterruptSignal | "stdout") => {
    if (stopping) return;
    stopping = why;
    abortWork(
      why === "stdout" ? "stdout closed" : why === "SIGINT" ? "interrupted" : "terminated",
    );
    stopped.resolve(undefined);
  };
  const send = jsonLines(options.stdout ?? watchedStdout(() => stop("stdout")));
  const stderr = options.stderr ?? stderrLine;
  const token = options.token ?? Deno.env.get("ZOTCORE_RPC_TOKEN") ?? undefined;
  // The client reads stdout: a run that cannot start (no key, a bad @file) says so there too,
  // and the error is rethrown for the exit code (2 for usage) and the line on stderr.
  const setup: RunSetup = await createSetup({
    mode: "rpc",
    flags: options.flags,
    ui: rpcUi(send),
    warn: lineSink(stderr),
    persistSessions: false,
    ...options.setup,
  }).catch((e) => {
    send(errorEvent(e));
    throw e;
  });
  // Whether the signal cut work short: stopping an idle server is a clean exit.
  let cutShort = false;
  abortWork = (reason) => {
    cutShort = setup.agent.busy;
    setup.agent.abort(reason);
  };
  const budget = progressBudget();
  setup.agent.subscribe((event) => {
    const converted = toClientEvent(event);
    const wire = converted && budget(converted);
    if (wire) send(wire);
  });
  setup.agent.startSession();
  let authed = !token;
  const queue = workQueue(() => stopping !== undefined);
  using _interrupt = onInterrupt(stop);
  const lines = readLines(options.stdin ?? Deno.stdin.readable, RPC_MAX_LINE_BYTES);
  let oversize = false;
  try {
    while (true) {
      // Raced: a signal must not wait for the client's next line.
      const next = await Promise.race([lines.next(), stopped.promise]);
      if (next === undefined || next.done) break;
      const item = next.value;
      if (item.kind === "oversize") {
        // Nothing after it can be framed reliably: stop reading, finish what runs, fail.
        send({
          type: "response",
          command: "",
          success: false,
          error:
            `line exceeds ${RPC_MAX_LINE_BYTES} bytes; no further commands are read (send images of at most 3.75 MiB)`,
        });
        oversize = true;
        break;
      }
      if (item.line.trim() === "") continue;
      const parsed = parseCommand(item.line);
      if (!authed) {
        const ok = parsed.ok && parsed.command.type === "hello" &&
          parsed.command.token !== undefined &&
          sameToken(parsed.command.token, token!);
        if (!ok) {
          send({
            type: "response",
            ...(parsed.ok ? { id: parsed.command.id } : { id: parsed.id }),
            command: parsed.ok ? parsed.command.type : parsed.command,
            success: false,
            error:
              `unauthorized: the first command must be {"type":"hello","token":…} with ZOTCORE_RPC_TOKEN`,
          });
          return EXIT_FAILURE;
        }
        authed = true;
      }
      if (!parsed.ok) {
        send({
          type: "response",
          ...(parsed.id !== undefined ? { id: parsed.id } : {}),
          command: parsed.command,
          success: false,
          error: parsed.error,
        });
        continue;
      }
      handleCommand(parsed.command, { setup, send, queue });
    }
    await queue.drained();
    if (stopping === "stdout") return EXIT_BROKEN_PIPE;
    if (oversize) return EXIT_FAILURE;
    if (stopping && cutShort) {
      stderr(interruptedLine(stopping));
      return EXIT_FAILURE;
    }
    return EXIT_OK;
  } finally {
    await setup.shutdown();
  }
}
