/**
 * Host diagnostics: what `zot ext doctor` and `/reload-ext` report. Each one
 * is also remembered on the extension's record and, when asked, written to
 * the extension's own log.
 *
 * @module
 */

import type { Diagnostic } from "../../diagnostic.ts";
import type { ExtensionRecord } from "./record.ts";

export class Diagnostics {
  #items: Diagnostic[] = [];

  /** Record a diagnostic about `record`; `log` also appends `[zot] <message>` to its log. */
  about(
    record: ExtensionRecord,
    message: string,
    options: { level?: Diagnostic["level"]; log?: boolean } = {},
  ): void {
    this.#items.push({
      extension: record.name,
      dir: record.source.dir,
      level: options.level ?? "warning",
      message,
    });
    record.warnings.push(message);
    if (options.log) record.channel?.log(message);
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
