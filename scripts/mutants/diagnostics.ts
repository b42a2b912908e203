/**
 * Mutants for where a diagnostic shows, which its fields decide: information
 * (the scope an `--ext` extension runs with) never becomes a load error, and
 * neither does a run-time finding about an extension, whatever its text says.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const DIAGNOSTIC = "src/diagnostic.ts";
const TESTS = [
  "tests/diagnostic_test.ts",
  "tests/modes/common/diagnostics_test.ts",
  "tests/modes/interactive/warnings_test.ts",
];

export const mutants: Mutant[] = [
  {
    id: "diag-info-as-load-error",
    protection: "information (launch notes) is never shown as a load error",
    file: DIAGNOSTIC,
    find: 'd.severity !== "info";',
    replace: "true;",
    tests: TESTS,
  },
  {
    id: "diag-any-source-load-error",
    protection: "only discovery, trust and start problems are load errors, not run-time findings",
    file: DIAGNOSTIC,
    find: '(d.source === "discovery" || d.source === "trust" || d.source === "load")',
    replace: "true",
    tests: TESTS,
  },
];
