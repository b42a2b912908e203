/**
 * The one diagnostic type and its wording: the remedy in parentheses after
 * the message, and which diagnostics count as load problems (decided by
 * source and severity, never by the text).
 */

import { assert, assertEquals } from "./helpers/assert.ts";
import { type Diagnostic, diagnosticText, isLoadProblem } from "../src/diagnostic.ts";

const base: Diagnostic = {
  source: "load",
  severity: "error",
  code: "start-failed",
  message: `Cannot start extension "x": exec "./x" not found`,
};

Deno.test("diagnosticText: the message, then the remedy in parentheses when there is one", () => {
  assertEquals(diagnosticText(base), `Cannot start extension "x": exec "./x" not found`);
  assertEquals(
    diagnosticText({ ...base, remedy: `run "zot ext doctor x"` }),
    `Cannot start extension "x": exec "./x" not found (run "zot ext doctor x")`,
  );
});

Deno.test("isLoadProblem: discovery, trust and load problems, not their information", () => {
  assert(isLoadProblem(base));
  assert(isLoadProblem({ ...base, source: "discovery", code: "manifest-invalid" }));
  assert(isLoadProblem({ ...base, source: "trust", severity: "warning", code: "project-held" }));
  // A launch note (the scope an --ext extension runs with) is information.
  assert(!isLoadProblem({ ...base, severity: "info", code: "launch-note" }));
  // Whatever the text says, a run-time finding about an extension is no load problem.
  const runtime: Diagnostic = {
    source: "extension",
    severity: "error",
    code: "disconnected",
    message: "extension load: looks like one, is not",
  };
  assert(!isLoadProblem(runtime));
  assert(!isLoadProblem({ ...base, source: "skills", code: "skill-invalid" }));
});
