/**
 * The shared ready wait: every extension gets the same deadline; whoever is
 * still not ready then is force-readied. Auto-ready (the legacy idle shim)
 * is reported once per extension.
 *
 * @module
 */

import { READY_GRACE_MS } from "../../protocol/limits.ts";
import type { Diagnostics } from "./diagnostics.ts";
import { type ExtensionRecord, isLive } from "./record.ts";

const reportedAutoReady = new WeakSet<ExtensionRecord>();

export async function waitForReady(
  records: readonly ExtensionRecord[],
  diagnostics: Diagnostics,
  ms: number = READY_GRACE_MS,
): Promise<void> {
  const waiting = records.filter((r) => isLive(r) && r.channel.readyState === "pending");
  if (waiting.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => timer = setTimeout(resolve, ms));
    try {
      await Promise.race([Promise.all(waiting.map((r) => r.channel!.ready)), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
  for (const record of records) {
    const channel = record.channel;
    if (!channel || !isLive(record)) continue;
    if (channel.readyState === "pending") {
      // The channel logs this itself.
      channel.forceReady();
      diagnostics.about(record, {
        code: "ready-timeout",
        message: "timed out waiting for ready frame",
      });
    } else if (channel.readyState === "auto-ready" && !reportedAutoReady.has(record)) {
      reportedAutoReady.add(record);
      diagnostics.about(record, {
        code: "auto-ready",
        message: "no ready frame; auto-ready after idle",
      });
    }
  }
}
