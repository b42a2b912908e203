/**
 * What `zot ext check` reports: one finding per check, pass, warn or fail,
 * each failure and warning with what to change.
 *
 * @module
 */

export type FindingStatus = "pass" | "warn" | "fail";

export interface Finding {
  /** What was checked: `handshake`, `ready`, `command /x`, `tool y`, `shutdown`, ... */
  check: string;
  status: FindingStatus;
  /** What happened, in words. */
  detail: string;
  /** What to change, for a warning or a failure. */
  remedy?: string;
}

export interface CheckReport {
  extension: string;
  dir: string;
  sandboxed: boolean;
  findings: Finding[];
}

export function pass(check: string, detail: string): Finding {
  return { check, status: "pass", detail };
}

export function warn(check: string, detail: string, remedy: string): Finding {
  return { check, status: "warn", detail, remedy };
}

export function fail(check: string, detail: string, remedy: string): Finding {
  return { check, status: "fail", detail, remedy };
}

/** How many findings have each status. */
export function tally(findings: readonly Finding[]): Record<FindingStatus, number> {
  const out: Record<FindingStatus, number> = { pass: 0, warn: 0, fail: 0 };
  for (const f of findings) out[f.status]++;
  return out;
}
