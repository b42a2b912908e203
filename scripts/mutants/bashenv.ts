/**
 * Mutants for the environment of a sandboxed `bash` command: variables that look like
 * credentials (by name, by a URL with a password, zot's keys, agents' sockets) never reach it,
 * and the setting that passes named ones cannot pass zot's own keys. And for interpreters under
 * the home directory: a confined extension gets a known toolchain root read-only, never the home
 * itself, an ancestor of it, or a place credentials live.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const ENV = "src/tools/bash_env.ts";
const UNIT = "tests/tools/bash_env_test.ts";
const REAL = "tests/tools/bash_sandbox_env_test.ts";
const ROOTS = "src/extensions/toolchain_roots.ts";
const ROOTS_TEST = "tests/ossandbox/toolchain_test.ts";

export const mutants: Mutant[] = [
  {
    id: "bashenv-token-names-passed",
    protection: "a variable whose name contains TOKEN does not reach a sandboxed command",
    file: ENV,
    find: '"TOKEN",',
    replace: '"TOKEN-not-listed",',
    tests: [UNIT, REAL],
  },
  {
    id: "bashenv-secret-names-passed",
    protection: "a variable whose name contains SECRET does not reach a sandboxed command",
    file: ENV,
    find: '"SECRET",',
    replace: '"SECRET-not-listed",',
    tests: [UNIT, REAL],
  },
  {
    id: "bashenv-password-names-passed",
    protection: "a variable whose name contains PASSWORD does not reach a sandboxed command",
    file: ENV,
    find: '"PASSWORD",',
    replace: '"PASSWORD-not-listed",',
    tests: [UNIT, REAL],
  },
  {
    id: "bashenv-name-words-ignored",
    protection: "a variable with AUTH, SESSION, PASS, PAT or KEY as a word of its name is withheld",
    file: ENV,
    find: "if (word && !NOT_CREDENTIALS.includes(upper)) return `its name has the word ${word}`;",
    replace: "",
    tests: [UNIT],
  },
  {
    id: "bashenv-url-password-passed",
    protection: "a variable whose value is a URL with a password does not reach the command",
    file: ENV,
    find: 'if (URL_WITH_PASSWORD.test(value)) return "its value is a URL with a password";',
    replace: "",
    tests: [UNIT, REAL],
  },
  {
    id: "bashenv-agent-socket-passed",
    protection: "the ssh agent's socket does not reach a sandboxed command",
    file: ENV,
    find: 'if (AGENT_ENV.includes(name)) return "an agent that signs for you";',
    replace: "",
    tests: [UNIT, REAL],
  },
  {
    id: "bashenv-zot-key-passable",
    protection: "bashSandbox.env cannot pass zot's own provider keys",
    file: ENV,
    find:
      "const passed = pass.includes(name) && !ZOT_KEY_ENV.includes(name) && !holdsKey(value, zotKeys);",
    replace: "const passed = pass.includes(name);",
    tests: [UNIT],
  },
  {
    id: "toolchain-root-opens-home",
    protection: "a toolchain root that leads to the home itself or an ancestor is never opened",
    file: ROOTS,
    find: "if (never.some((place) => isInside(tree, place))) return undefined;",
    replace: "",
    tests: [ROOTS_TEST],
  },
  {
    id: "toolchain-root-inside-credentials",
    protection: "a toolchain root that leads into a place credentials live is never opened",
    file: ROOTS,
    find: "if (await sensitive(tree, home, zotHome)) return undefined;",
    replace: "",
    tests: [ROOTS_TEST],
  },
  {
    id: "toolchain-shim-link-to-credentials",
    protection: "a shim linked to a file where credentials live does not make that file readable",
    file: ROOTS,
    find: "if (await sensitive(target, home, this.r.zotHome)) return false;",
    replace: "",
    tests: [ROOTS_TEST],
  },
  {
    id: "toolchain-list-opens-local",
    protection: "the fixed list of toolchain roots never names ~/.local as a whole",
    file: ROOTS,
    find: '{ rel: ".local/share/mise", tool: "mise", rootEnv: "MISE_DATA_DIR" },',
    replace: '{ rel: ".local", tool: "mise", rootEnv: "MISE_DATA_DIR" },',
    tests: [ROOTS_TEST],
  },
  {
    id: "toolchain-unreachable-not-refused",
    protection: "an interpreter a confined extension cannot read is refused before start, with why",
    file: ROOTS,
    find: "return { ok: false, error: unreachable(named.name, current, candidates[0], r.home) };",
    replace: "break;",
    tests: [ROOTS_TEST],
  },
  {
    id: "toolchain-npmrc-readable",
    protection: "a global npmrc inside an opened toolchain tree is not readable",
    file: "src/extensions/confined_launch.ts",
    find: "policy.readDeny = unique([...policy.readDeny, ...toolchain.value.deny]);",
    replace: "",
    tests: [ROOTS_TEST],
  },
  {
    id: "toolchain-npmrc-not-listed",
    protection: "npmrc is among the credential files denied inside a toolchain tree",
    file: "src/extensions/toolchain_secrets.ts",
    find: '  "npmrc",',
    replace: '  "npmrc-not-listed",',
    tests: [ROOTS_TEST],
  },
];
