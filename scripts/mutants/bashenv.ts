/**
 * Mutants for the environment of a sandboxed `bash` command: variables that look like
 * credentials (by name, by a URL with a password, zot's keys, agents' sockets) never reach it,
 * and the setting that passes named ones cannot pass zot's own keys.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const ENV = "src/tools/bash_env.ts";
const UNIT = "tests/tools/bash_env_test.ts";
const REAL = "tests/tools/bash_sandbox_env_test.ts";

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
    find: "if (word) return `its name has the word ${word}`;",
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
    find: "const passed = pass.includes(name) && !ZOT_KEY_ENV.includes(name);",
    replace: "const passed = pass.includes(name);",
    tests: [UNIT],
  },
];
