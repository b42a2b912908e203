/**
 * How the headless modes (print, JSON, RPC) and a TUI that has not drawn yet
 * word a diagnostic on stderr, from its fields alone: load problems as
 * `extension load: <text>`, launch notes as they are, everything else as
 * `zot: <text>` (skills as `zot: skill: <text>`). The TUI shows the same words
 * without the `zot: ` that only stderr needs to say who is talking.
 *
 * @module
 */

import {
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticSink,
  type DiagnosticSource,
  diagnosticText,
  isLoadProblem,
} from "../../diagnostic.ts";
import type { LineWriter } from "./output.ts";

/** The words of a diagnostic as the TUI shows them (no `zot: `). */
export function diagnosticBody(d: Diagnostic): string {
  const text = diagnosticText(d);
  return d.source === "skills" ? `skill: ${text}` : text;
}

/** One stderr line for `d`. */
export function diagnosticLine(d: Diagnostic): string {
  if (isLoadProblem(d)) return `extension load: ${diagnosticText(d)}`;
  // The scope an `--ext` extension runs with: lines of one listing, each shown as it is.
  if (d.code === "launch-note") return diagnosticText(d);
  return `zot: ${diagnosticBody(d)}`;
}

/** A sink writing each diagnostic as one line (stderr in the headless modes). */
export function lineSink(write: LineWriter): DiagnosticSink {
  return (d) => write(diagnosticLine(d));
}

/** A warning about the run itself or zot's own files (not about an extension). */
export function warning(
  source: DiagnosticSource,
  code: DiagnosticCode,
  message: string,
  remedy?: string,
): Diagnostic {
  const d: Diagnostic = { source, severity: "warning", code, message };
  if (remedy) d.remedy = remedy;
  return d;
}
