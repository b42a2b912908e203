/**
 * Where a diagnostic shows in the TUI, decided by its fields: a problem with
 * loading extensions stays in the chat (`✖`) until a successful `/reload-ext`
 * or `/clear`; a launch note (the scope an `--ext` extension runs with) is
 * muted text in the transcript, so it stays in the terminal's scrollback
 * where the user can read it again; everything else is a warning note from
 * "zot".
 *
 * @module
 */

import { type Diagnostic, diagnosticText, isLoadProblem } from "../../diagnostic.ts";
import { noteLevel } from "../../extensions/ui.ts";
import { diagnosticBody } from "../common/diagnostics.ts";
import type { Screen } from "./screen.ts";

/** Show `diagnostics` (in order) without drawing: the caller renders once. */
export function showDiagnostics(screen: Screen, diagnostics: readonly Diagnostic[]): void {
  const loadErrors: string[] = [];
  // The lines of one listing arrive one diagnostic each: one block keeps them together.
  const launch: string[] = [];
  for (const d of diagnostics) {
    if (isLoadProblem(d)) loadErrors.push(diagnosticText(d));
    else if (d.code === "launch-note") launch.push(diagnosticBody(d));
    else screen.notes.add("zot", noteLevel(d), diagnosticBody(d));
  }
  screen.transcript.addLoadErrors(loadErrors);
  if (launch.length) screen.transcript.addInfo(launch.join("\n"));
}
