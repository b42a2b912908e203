/**
 * Mutants of the layer check: two folders that import each other are
 * reported, from the edges actually found, whatever the table allows.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const CHECK = "scripts/check_layers.ts";
const TESTS = ["tests/layers_test.ts"];

export const mutants: Mutant[] = [
  {
    id: "layers-cycle-unreported",
    protection: "a cycle between folders in the real module graph is a violation",
    file: CHECK,
    find: "  return [...new Set(out), ...folderCycles(edges)];",
    replace: "  return [...new Set(out)];",
    tests: TESTS,
  },
  {
    id: "layers-cycle-not-found",
    protection: "folders that reach each other through imports are found as a loop",
    file: CHECK,
    find: "    if (!loop) continue;",
    replace: "    continue;",
    tests: TESTS,
  },
  {
    id: "layers-upward-edge-allowed",
    protection: "an import of a layer the table does not list is refused",
    file: CHECK,
    find: '  if (allowed.includes("*") || allowed.includes(b)) return undefined;',
    replace: "  return undefined;",
    tests: TESTS,
  },
];
