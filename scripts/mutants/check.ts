/**
 * Mutants for `zot ext check`: a finding that can no longer fail would let a broken
 * extension pass the check its author relies on.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const CHECK_TEST = "tests/cli/ext/check_test.ts";

export const mutants: Mutant[] = [
  {
    id: "check-stdout-junk-passes",
    protection: "a line on stdout that is not a protocol frame fails the frames check",
    file: "src/extensions/check/verdicts.ts",
    find: "if (junk > 0) {",
    replace: "if (junk < 0) {",
    tests: [CHECK_TEST],
  },
  {
    id: "check-ignored-shutdown-passes",
    protection: "an extension that had to be killed after shutdown fails the shutdown check",
    file: "src/extensions/check/verdicts.ts",
    find: "if (info.signal) {",
    replace: "if (!info) {",
    tests: [CHECK_TEST],
  },
];
