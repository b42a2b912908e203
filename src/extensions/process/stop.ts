/**
 * The shutdown sequence for one extension against a shared deadline, as the
 * reference host does it: `shutdown` queued behind everything already
 * queued, stdin closed, a bounded wait for the exit, then SIGTERM and
 * SIGKILL to the whole process group. Always ends with the process reaped
 * and the group empty, so no zombie and no orphaned grandchild remains.
 *
 * @module
 */

import { encodeFrame } from "../../protocol/framing.ts";
import { SIGTERM_WAIT_MS } from "../../protocol/limits.ts";
import type { ExtensionProcess } from "./child.ts";
import { settlesWithin } from "../settles.ts";
import type { OutboundQueue } from "./outbound.ts";

/** Once past the deadline, each process still gets this long to exit on its own. */
export const MIN_EXIT_WAIT_MS = 100;

export interface StopParts {
  process: ExtensionProcess;
  out: OutboundQueue;
  log(message: string): void;
}

export async function stopSequence(parts: StopParts, deadline: number): Promise<void> {
  const { process, out } = parts;
  if (process.exit === undefined) {
    const shutdown = out.enqueue(encodeFrame({ type: "shutdown" }));
    if (shutdown) await settlesWithin(shutdown.written, deadline - Date.now());
  }
  await out.closeInput("stopped");
  const waitMs = Math.max(deadline - Date.now(), MIN_EXIT_WAIT_MS);
  if (!(await settlesWithin(process.exited, waitMs))) {
    parts.log(`no exit after shutdown; sending SIGTERM to process group ${process.pid}`);
    process.signalGroup("SIGTERM");
    if (!(await settlesWithin(process.exited, SIGTERM_WAIT_MS))) {
      parts.log(`no exit after SIGTERM; sending SIGKILL to process group ${process.pid}`);
      process.signalGroup("SIGKILL");
    }
  }
  await process.exited;
  // Whatever the leader left behind in its group goes too.
  process.signalGroup("SIGKILL");
  await out.release();
}
