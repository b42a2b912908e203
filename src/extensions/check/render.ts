/**
 * `zot ext check`'s report: a line per finding with the remedy under each
 * warning and failure, then the tally; or one JSON object (snake_case, as
 * the other `--json` listings).
 *
 * @module
 */

import { type CheckReport, tally } from "./findings.ts";

const LABEL = { pass: "pass", warn: "WARN", fail: "FAIL" } as const;

export function renderCheck(report: CheckReport): string {
  const lines = [`${report.extension} (${report.dir})${report.sandboxed ? ", sandboxed" : ""}`];
  const width = Math.max(...report.findings.map((f) => f.check.length), 5);
  for (const f of report.findings) {
    lines.push(`  ${LABEL[f.status]}  ${f.check.padEnd(width)}  ${f.detail}`);
    if (f.remedy && f.status !== "pass") lines.push(`  ${" ".repeat(6 + width)}  -> ${f.remedy}`);
  }
  const t = tally(report.findings);
  lines.push(`${t.pass} passed, ${t.warn} warnings, ${t.fail} failed`);
  return lines.join("\n") + "\n";
}

export function checkJson(report: CheckReport): Record<string, unknown> {
  const t = tally(report.findings);
  return {
    extension: report.extension,
    dir: report.dir,
    sandboxed: report.sandboxed,
    findings: report.findings,
    passed: t.pass,
    warnings: t.warn,
    failed: t.fail,
  };
}
