/**
 * `zot ext doctor` output: one status per extension with the reference
 * precedence, detail lines, and the load errors at the end. Works on the
 * static scan alone and gains states and registrations from a live start.
 *
 * @module
 */

import type { FrameCounters } from "../channel.ts";
import { type Diagnostic, diagnosticText } from "../../diagnostic.ts";
import type { ExtensionStatus, LoadFailure } from "../host/mod.ts";
import type { DoctorEntry } from "./doctor_scan.ts";
import { safeText } from "../../safe_text.ts";

/** What a real start reported (absent when no live start was made). */
export interface LiveReport {
  statuses: ExtensionStatus[];
  failures: LoadFailure[];
  diagnostics: Diagnostic[];
}

export type DoctorStatus =
  | "error"
  | "shadowed"
  | "disabled"
  | "untrusted"
  | "theme-only"
  | "skill-only"
  | "theme and skills"
  | "not loaded"
  | "ready-timeout"
  | "auto-ready"
  | "not ready"
  | "warning"
  | "ok";

export interface DoctorRow {
  name: string;
  scope: DoctorEntry["scope"];
  dir: string;
  status: DoctorStatus;
  version: string | null;
  sandboxed: boolean;
  exec: string | null;
  log: string | null;
  errors: string[];
  notes: string[];
  commands: { name: string; state: string }[];
  tools: { name: string; state: string }[];
  warnings: string[];
  /** What the read loop counted and skipped (null without a live start). */
  frames: FrameCounters | null;
  /** For a failed start: the last lines the extension wrote to stderr (its own words). */
  stderr?: string[];
  /** The start error already quotes them (the text report then shows them once). */
  stderrQuoted?: boolean;
}

function liveFor(entry: DoctorEntry, live: LiveReport | undefined) {
  const match = (x: { name: string; dir: string }) => x.name === entry.name && x.dir === entry.dir;
  return {
    status: live?.statuses.find(match),
    failure: live?.failures.find(match),
  };
}

function statusOf(
  entry: DoctorEntry,
  row: DoctorRow,
  status: ExtensionStatus | undefined,
): DoctorStatus {
  if (row.errors.length > 0) return "error";
  if (entry.untrusted) return "untrusted";
  if (entry.shadowedBy) return "shadowed";
  if (entry.disabled) return "disabled";
  if (entry.passive) return entry.bundle ?? "theme-only";
  if (!status) return "not loaded";
  if (status.state === "ready-timeout") return "ready-timeout";
  if (status.state === "auto-ready") return "auto-ready";
  if (status.state === "not ready") return "not ready";
  if (row.warnings.length > 0 || row.commands.concat(row.tools).some((r) => r.state !== "active")) {
    return "warning";
  }
  return "ok";
}

/** Combine the static entry with what the live start said. */
export function doctorRow(entry: DoctorEntry, live: LiveReport | undefined): DoctorRow {
  const { status, failure } = liveFor(entry, live);
  const row: DoctorRow = {
    name: entry.name,
    scope: entry.scope,
    dir: entry.dir,
    status: "ok",
    version: entry.version ?? null,
    sandboxed: status?.sandboxed ?? entry.sandboxed,
    exec: entry.exec ?? null,
    log: status?.logPath ?? failure?.logPath ?? entry.logPath ?? null,
    errors: [],
    notes: [],
    commands: status?.commands ?? [],
    tools: status?.tools ?? [],
    warnings: [],
    frames: status?.counters ? { ...status.counters } : null,
  };
  if (entry.error) row.errors.push(entry.error);
  if (failure) row.errors.push(failure.error);
  if (failure?.stderrQuoted) row.stderrQuoted = true;
  if (status?.state === "closed") row.errors.push(`exited: ${status.closeReason ?? "closed"}`);
  if (entry.shadowedBy) {
    row.notes.push(`skipped because a higher-priority extension wins (${entry.shadowedBy})`);
  }
  if (entry.disabled) row.notes.push("disabled in extension.json");
  // The record's own and the host's list hold the same findings: one line each.
  const warnings = new Set((status?.warnings ?? []).map(diagnosticText));
  for (const d of live?.diagnostics ?? []) {
    // By directory too: another copy of the same name (the one that runs) has its own row.
    const mine = d.dir === undefined || d.dir === entry.dir;
    if (d.extension === entry.name && mine && d.severity === "warning") {
      warnings.add(diagnosticText(d));
    }
  }
  row.warnings = [...warnings];
  row.status = statusOf(entry, row, status);
  return row;
}

/**
 * One line per counter of skipped input: not JSON, JSON that is no valid
 * frame, a frame type this host does not know, a reply nobody waited for.
 */
function frameLines(c: FrameCounters): string[] {
  return [
    `  malformed frames: ${c.malformed}`,
    `  invalid frames: ${c.invalid}`,
    `  unknown frame types: ${c.unknownType}`,
    `  late replies: ${c.lateReplies}`,
  ];
}

/**
 * The text report, for stdout. Names, directories, errors and warnings come from manifests,
 * directory names and extensions: every line is made safe (one line stays one line).
 */
export function renderDoctor(rows: readonly DoctorRow[], loadErrors: readonly string[]): string {
  const out = ["zot extension doctor", ""];
  for (const r of rows) {
    out.push(`${r.name} [${r.scope}] ${r.status} (${r.dir})`);
    if (r.version) out.push(`  version: ${r.version}`);
    for (const e of r.errors) {
      const [first, ...rest] = e.split("\n");
      out.push(`  error: ${first}`, ...rest.map((l) => `    ${l}`));
    }
    // A failed start may quote them in its error already.
    if (r.stderr?.length && !r.stderrQuoted) {
      out.push("  stderr (last lines):", ...r.stderr.map((l) => `    | ${l}`));
    }
    for (const n of r.notes) out.push(`  note: ${n}`);
    if (r.status === "theme-only" || r.status === "skill-only" || r.status === "theme and skills") {
      out.push(`  type: ${r.status}`);
    }
    if (r.exec) {
      out.push(`  exec: ${r.exec}`);
      out.push(`  sandboxed: ${r.sandboxed ? "yes" : "no"}`);
    }
    if (r.log) out.push(`  log: ${r.log}`);
    if (r.commands.length) {
      out.push("  commands:", ...r.commands.map((c) => `    /${c.name} (${c.state})`));
    }
    if (r.tools.length) out.push("  tools:", ...r.tools.map((t) => `    ${t.name} (${t.state})`));
    if (r.frames) out.push(...frameLines(r.frames));
    for (const w of r.warnings) out.push(`  warning: ${w}`);
    out.push("");
  }
  if (loadErrors.length) {
    out.push("load errors:");
    for (const e of loadErrors) {
      const [first, ...rest] = e.split("\n");
      out.push(`  ! ${first}`, ...rest.map((l) => `    ${l}`));
    }
    out.push("");
  }
  return out.map((line) => safeText(line)).join("\n");
}
