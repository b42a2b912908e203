/**
 * Stopping a set of extensions against one shared deadline: every channel
 * runs its own shutdown sequence at the same time, so the slowest one bounds
 * the total, not the sum.
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";
import { SHUTDOWN_GRACE_MS } from "../../protocol/limits.ts";
import type { ExtensionRecord } from "./record.ts";
import { aboutRecord } from "./diagnostics.ts";

export async function stopRecords(
  records: readonly ExtensionRecord[],
  graceMs: number = SHUTDOWN_GRACE_MS,
): Promise<void> {
  const deadline = Date.now() + graceMs;
  await Promise.all(records.map(async (record) => {
    record.stopping = true;
    if (!record.channel) return;
    try {
      await record.channel.stop(deadline);
    } catch (e) {
      // Stopping one extension never prevents stopping the others.
      record.warnings.push(
        aboutRecord(record, { code: "stop-failed", message: `stop failed: ${errorMessage(e)}` }),
      );
    }
  }));
}
