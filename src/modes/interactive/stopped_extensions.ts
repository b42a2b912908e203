/**
 * Extensions that stopped by themselves while the TUI runs (a crash, a
 * kill). The host drops their commands and tools, so without a word from
 * us the user would only see "unknown command" or a tool error naming no
 * cause. The TUI reports each one once, as a warning note after the turn
 * it stopped in (or at the next command), and a command it owned is
 * answered with the reason instead of "unknown command". An extension
 * that runs again (after `/reload-ext`) can be reported again.
 *
 * @module
 */

import type { ExtensionStatus } from "../../extensions/host/mod.ts";
import { type Diagnostic, diagnosticText } from "../../diagnostic.ts";

/** What the user reads: which extension, why, how to get it back, where its log is. */
export function stoppedDiagnostic(s: ExtensionStatus): Diagnostic {
  return {
    source: "run",
    severity: "warning",
    code: "extension-stopped",
    extension: s.name,
    dir: s.dir,
    message: `extension "${s.name}" stopped (${s.closeReason ?? "closed"}); ` +
      `its commands and tools are gone until /reload-ext`,
    remedy: `log: zot ext logs ${s.name}`,
  };
}

/** The same as one line (a command of the stopped extension is answered with it). */
export function stoppedText(s: ExtensionStatus): string {
  return diagnosticText(stoppedDiagnostic(s));
}

function stopped(statuses: readonly ExtensionStatus[]): ExtensionStatus[] {
  return statuses.filter((s) => s.state === "closed");
}

/** The stopped extension that had registered `/name` (any case), if any. */
export function stoppedOwnerOf(
  statuses: readonly ExtensionStatus[],
  name: string,
): ExtensionStatus | undefined {
  const lower = name.toLowerCase();
  return stopped(statuses).find((s) => s.commands.some((c) => c.name.toLowerCase() === lower));
}

export class StoppedExtensions {
  #reported = new Set<string>();

  /** Extensions stopped since the last call (each reported once while it stays stopped). */
  newlyStopped(statuses: readonly ExtensionStatus[]): ExtensionStatus[] {
    const now = stopped(statuses);
    const names = new Set(now.map((s) => s.name));
    for (const name of this.#reported) if (!names.has(name)) this.#reported.delete(name);
    const fresh = now.filter((s) => !this.#reported.has(s.name));
    for (const s of fresh) this.#reported.add(s.name);
    return fresh;
  }
}
