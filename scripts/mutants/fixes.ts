/**
 * Mutants for four protections around credentials: zot's state is hidden from a sandboxed
 * command as a whole directory (a file replaced by rename, or a temp file beside it, stays
 * hidden), a wildcard env grant never covers zot's provider keys, the sandboxed command's
 * environment keeps out credentials by more names and by value (zot's own key under any name),
 * and a toolchain root whose credential scan did not finish is not opened.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const PERMS = "src/sandbox/permissions.ts";
const ENV_GRANT_TEST = "tests/sandbox/env_grant_keys_test.ts";

export const mutants: Mutant[] = [
  {
    id: "fixes-env-wildcard-covers-zot-keys",
    protection: "a wildcard env grant never covers zot's provider keys",
    file: PERMS,
    find: "return name.startsWith(grant.slice(0, -1)) && !ZOT_KEY_NAMES.includes(name);",
    replace: "return name.startsWith(grant.slice(0, -1));",
    tests: [ENV_GRANT_TEST],
  },
];
