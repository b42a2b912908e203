/**
 * Mutants for the author tools. `zot ext check`: a finding that can no longer fail would let
 * a broken extension pass the check its author relies on. `--record-ext`: the record holds the
 * conversation's tool traffic, so it is owner-only and never holds the API key.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const CHECK_TEST = "tests/cli/ext/check_test.ts";
const RECORD_TEST = "tests/journeys/record_replay_test.ts";

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
  {
    id: "record-key-kept",
    protection: "the provider's API key is replaced by [redacted] before a record line is written",
    file: "src/extensions/record/recorder.ts",
    find: "line = line.replaceAll(secret, REDACTED);",
    replace: "line = line.replaceAll(secret, secret);",
    tests: [RECORD_TEST],
  },
  {
    id: "record-world-readable",
    protection: "the record file is created readable by its owner only",
    file: "src/extensions/record/recorder.ts",
    find: "createNew: true, mode: 0o600",
    replace: "createNew: true, mode: 0o644",
    tests: [RECORD_TEST],
  },
  {
    id: "record-follows-symlink",
    protection: "the record path may not be a symlink (a repository could point it at ~/.bashrc)",
    file: "src/extensions/record/recorder.ts",
    find: "if (before && !before.isFile) {",
    replace: "if (false) {",
    tests: [RECORD_TEST],
  },
  {
    id: "record-existing-file-left-open",
    protection: "an existing record file is narrowed to its owner before anything is written",
    file: "src/extensions/record/recorder.ts",
    find: "Deno.chmodSync(path, 0o600);",
    replace: "void 0;",
    tests: [RECORD_TEST],
  },
];
