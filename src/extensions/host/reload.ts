/**
 * `/reload-ext` reporting: the numbers a reload produced and the status
 * line the UI shows for them.
 *
 * @module
 */

import { type Diagnostic, diagnosticText } from "../../diagnostic.ts";
import { errorMessage } from "../../errors.ts";
import { type ExtensionRecord, isLive } from "./record.ts";

export interface ReloadReport {
  stopped: number;
  loaded: number;
  ready: number;
  /** What did not load: discovery problems and failed starts. */
  errors: Diagnostic[];
}

/** The report of a reload whose discovery threw, after `stopped` extensions were stopped. */
export function discoveryFailed(stopped: number, e: unknown): ReloadReport {
  const failed: Diagnostic = {
    source: "discovery",
    severity: "error",
    code: "discovery-failed",
    message: errorMessage(e),
  };
  return { stopped, loaded: 0, ready: 0, errors: [failed] };
}

/** How many of `records` are ready after a reload (passive bundles count). */
export function readyCount(records: readonly ExtensionRecord[]): number {
  return records.filter((r) => r.passive || (isLive(r) && r.channel.readyState !== "pending"))
    .length;
}

/** `reloaded: 2 stopped, 2 loaded (2 ready)`, plus `, 1 error(s): <err>` when any failed. */
export function formatReloadStatus(report: ReloadReport): string {
  let text = `reloaded: ${report.stopped} stopped, ${report.loaded} loaded (${report.ready} ready)`;
  if (report.errors.length > 0) {
    text += `, ${report.errors.length} error(s): ${report.errors.map(diagnosticText).join("; ")}`;
  }
  return text;
}
