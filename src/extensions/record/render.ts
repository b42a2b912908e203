/**
 * `zot ext replay`'s report: a line per step, the recorded and the new
 * answer under each difference, then the tally; or one JSON object.
 *
 * @module
 */

import type { ReplayReport } from "./replay.ts";

/** A long answer is cut here: the JSON report has it whole. */
const SHOWN = 300;

function shown(value: unknown): string {
  const text = value === undefined ? "(none)" : JSON.stringify(value);
  return text.length > SHOWN ? text.slice(0, SHOWN) + "…" : text;
}

export function renderReplay(report: ReplayReport): string {
  const lines = [`${report.extension} (${report.dir})`];
  for (const s of report.steps) {
    lines.push(`  ${s.status.padEnd(7)}  ${s.step}${s.detail ? `: ${s.detail}` : ""}`);
    if (s.status === "differs") {
      lines.push(
        `           recorded: ${shown(s.recorded)}`,
        `           now:      ${shown(s.now)}`,
      );
    }
  }
  lines.push(summary(report));
  return lines.join("\n") + "\n";
}

function count(report: ReplayReport, status: string): number {
  return report.steps.filter((s) => s.status === status).length;
}

function summary(report: ReplayReport): string {
  return `${count(report, "same")} same, ${count(report, "differs")} differ, ${
    count(report, "failed")
  } failed`;
}

export function replayJson(report: ReplayReport): Record<string, unknown> {
  return {
    extension: report.extension,
    dir: report.dir,
    steps: report.steps,
    same: count(report, "same"),
    differ: count(report, "differs"),
    failed: count(report, "failed"),
  };
}
