/**
 * Mutants for storing an API key: `zot login` never echoes the key it reads, the TUI's
 * `/login` never draws it, and neither rewrites an auth.json it could not read (that would
 * drop the other keys in it).
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const LOGIN_TEST = "tests/cli/login_test.ts";

export const mutants: Mutant[] = [
  {
    id: "login-key-echoed",
    protection: "the terminal is raw while the key is typed, so the key never shows on screen",
    file: "src/cli/read_secret.ts",
    find: "io.stdin.setRaw(true);",
    replace: "io.stdin.setRaw(false);",
    tests: [LOGIN_TEST, "tests/cli/read_secret_test.ts"],
  },
  {
    id: "login-overwrites-broken-auth",
    protection: "an auth.json that cannot be read is left alone, not replaced by one key",
    file: "src/config/auth.ts",
    find: "if (diagnostics.length > 0) {",
    replace: "if (diagnostics.length < 0) {",
    tests: [LOGIN_TEST, "tests/providers/credentials_test.ts"],
  },
  {
    id: "login-tui-key-drawn",
    protection: "the /login dialog draws how many characters were typed, never the key itself",
    file: "src/tui/components/secret_dialog.ts",
    find: "p.muted(`(hidden, ${n} characters)`)",
    replace: 'p.muted(this.#state.kind === "typing" ? this.#state.text : "")',
    tests: ["tests/tui/secret_dialog_test.ts", "tests/modes/interactive/login_test.ts"],
  },
  {
    id: "login-key-control-chars",
    protection: "a piped key with escapes or NULs is refused, never written to auth.json",
    file: "src/config/auth.ts",
    find: "if (/[\\s\\x00-\\x1f\\x7f]/.test(key))",
    replace: "if (/ /.test(key))",
    tests: [LOGIN_TEST],
  },
];
