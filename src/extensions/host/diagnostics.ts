/**
 * Host diagnostics: what `zot ext doctor` and `/reload-ext` report. Each one
 * is a typed value from the start: it is also remembered on the extension's
 * record and, when asked, written to the extension's own log as text.
 *
 * @module
 */

import { type Diagnostic, type DiagnosticCode, diagnosticText } from "../../diagnostic.ts";
import type { ExtensionRecord } from "./record.ts";

/** What a part of the host says about one extension; the rest of the diagnostic is filled in. */
export interface Finding {
  code: DiagnosticCode;
  message: string;
  remedy?: string;
  /** Default: warning. */
  severity?: Diagnostic["severity"];
}

/** The diagnostic for `finding` about a loaded extension (source `extension`). */
export function aboutRecord(record: ExtensionRecord, finding: Finding): Diagnostic {
  const d: Diagnostic = {
    source: "extension",
    severity: finding.severity ?? "warning",
    code: finding.code,
    message: finding.message,
    extension: record.name,
    dir: record.source.dir,
  };
  if (finding.remedy) d.remedy = finding.remedy;
  return d;
}

export class Diagnostics {
  #items: Diagnostic[] = [];

  /**
   * Record a finding about `record` and return it as a diagnostic; `log` also appends
   * `[zot] <text>` to the extension's log.
   */
  about(record: ExtensionRecord, finding: Finding, options: { log?: boolean } = {}): Diagnostic {
    const d = aboutRecord(record, finding);
    this.#items.push(d);
    record.warnings.push(d);
    if (options.log) record.channel?.log(diagnosticText(d));
    return d;
  }

  /** Record a diagnostic not tied to a loaded extension (e.g. a load error). */
  add(diagnostic: Diagnostic): void {
    this.#items.push(diagnostic);
  }

  list(): Diagnostic[] {
    return [...this.#items];
  }

  clear(): void {
    this.#items = [];
  }
}
