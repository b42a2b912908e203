/**
 * Mutants for the first-hour TUI and listing protections: `--no-yolo` is
 * never silently dropped by a run that cannot ask, and `zot trust` records
 * nothing it did not ask about.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

export const mutants: Mutant[] = [
  {
    id: "tui-no-yolo-headless-runs-unasked",
    protection: "--no-yolo in a headless run is a usage error, not a run of every tool unasked",
    file: "src/cli/run_dispatch.ts",
    find: `if (flags.yolo || mode === "interactive") return;`,
    replace: `return;`,
    tests: ["tests/cli/no_yolo_headless_test.ts"],
  },
];
