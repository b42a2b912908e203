/**
 * `zot ext doctor --json`: the one place where the report's rows become the
 * snake_case shape scripts read. Inside, rows keep the domain's camelCase
 * names; every key written here is spelled out, so renaming a field inside
 * cannot silently change what scripts see.
 *
 * @module
 */

import type { FrameCounters } from "../channel.ts";
import type { DoctorRow } from "./doctor_render.ts";

/** One extension of the JSON report. */
export interface DoctorJsonRow {
  name: string;
  /** Where it was found: `scope` is reserved for what an extension may do. */
  location: DoctorRow["scope"];
  dir: string;
  status: DoctorRow["status"];
  version: string | null;
  sandboxed: boolean;
  exec: string | null;
  log: string | null;
  errors: string[];
  notes: string[];
  commands: { name: string; state: string }[];
  tools: { name: string; state: string }[];
  warnings: string[];
  /** What the read loop counted and skipped; null without a live start. */
  frames: {
    malformed: number;
    invalid: number;
    unknown_type: number;
    late_replies: number;
  } | null;
  /** A failed start's last stderr lines; empty when there are none. */
  stderr: string[];
  /** Whether the start error in `errors` already quotes `stderr`. */
  stderr_quoted: boolean;
}

/** The whole report: one JSON object. */
export interface DoctorJson {
  extensions: DoctorJsonRow[];
  load_errors: string[];
}

function framesJson(c: FrameCounters | null): DoctorJsonRow["frames"] {
  if (!c) return null;
  return {
    malformed: c.malformed,
    invalid: c.invalid,
    unknown_type: c.unknownType,
    late_replies: c.lateReplies,
  };
}

function rowJson(r: DoctorRow): DoctorJsonRow {
  return {
    name: r.name,
    location: r.scope,
    dir: r.dir,
    status: r.status,
    version: r.version,
    sandboxed: r.sandboxed,
    exec: r.exec,
    log: r.log,
    errors: [...r.errors],
    notes: [...r.notes],
    commands: r.commands.map((c) => ({ name: c.name, state: c.state })),
    tools: r.tools.map((t) => ({ name: t.name, state: t.state })),
    warnings: [...r.warnings],
    frames: framesJson(r.frames),
    stderr: [...(r.stderr ?? [])],
    stderr_quoted: r.stderrQuoted === true,
  };
}

/** The report as scripts see it. */
export function doctorJson(rows: readonly DoctorRow[], loadErrors: readonly string[]): DoctorJson {
  return { extensions: rows.map(rowJson), load_errors: [...loadErrors] };
}
