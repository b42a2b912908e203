/**
 * `/reload-ext` reporting: the numbers a reload produced and the status
 * line the UI shows for them.
 *
 * @module
 */

import { type Diagnostic, diagnosticText } from "../../diagnostic.ts";

export interface ReloadReport {
  stopped: number;
  loaded: number;
  ready: number;
  /** What did not load: discovery problems and failed starts. */
  errors: Diagnostic[];
}

/** `reloaded: 2 stopped, 2 loaded (2 ready)`, plus `, 1 error(s): <err>` when any failed. */
export function formatReloadStatus(report: ReloadReport): string {
  let text = `reloaded: ${report.stopped} stopped, ${report.loaded} loaded (${report.ready} ready)`;
  if (report.errors.length > 0) {
    text += `, ${report.errors.length} error(s): ${report.errors.map(diagnosticText).join("; ")}`;
  }
  return text;
}
