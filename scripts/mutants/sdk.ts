/**
 * Mutants of the TypeScript SDK's guard behaviour: an interceptor that
 * throws, or returns something other than nothing or an object, blocks the
 * call (fail closed), and a guard written against the old camelCase names
 * still rewrites the call.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const INTERCEPTORS = "src/sdk/interceptors.ts";
const INTERCEPT_TEST = "tests/sdk/interceptors_test.ts";
const NAMING = "tests/sdk/naming_test.ts";

export const mutants: Mutant[] = [
  {
    id: "sdk-intercept-throw-allows",
    protection: "an interceptor that throws blocks the call (fail closed)",
    file: INTERCEPTORS,
    find: "      id: frame.id,\n      block: true,",
    replace: "      id: frame.id,\n      block: false,",
    tests: [INTERCEPT_TEST],
  },
  {
    id: "sdk-intercept-odd-decision-allows",
    protection: "an interceptor returning true or an array blocks instead of silently allowing",
    file: INTERCEPTORS,
    find: '  if (typeof d === "object" && !Array.isArray(d)) return d;',
    replace: '  if (typeof d === "object" && !Array.isArray(d)) return d;\n  return undefined;',
    tests: [INTERCEPT_TEST],
  },
  {
    id: "sdk-legacy-modified-args",
    protection: "a guard answering with the old { modifiedArgs } name still rewrites the call",
    file: INTERCEPTORS,
    find: "const modified = d.modified_args ?? d.modifiedArgs;",
    replace: "const modified = d.modified_args;",
    tests: [NAMING],
  },
];
