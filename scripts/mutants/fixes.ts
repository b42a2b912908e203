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
const BASH_ENV = "src/tools/bash_env.ts";
const BASH_POLICY = "src/tools/bash_sandbox.ts";
const BASH_STATE_TEST = "tests/tools/bash_state_rename_test.ts";
const SCAN = "src/extensions/toolchain_secrets.ts";
const VERSIONS = "src/extensions/toolchain_versions.ts";
const SCAN_TEST = "tests/ossandbox/toolchain_scan_test.ts";
const BASH_ENV_TEST = "tests/tools/bash_env_gaps_test.ts";

/** A word or part of a name that marks a credential, taken out of its list. */
function nameMarker(marker: string, list: "part" | "word"): Mutant {
  return {
    id: `fixes-bashenv-${marker.toLowerCase()}-${list}-passed`,
    protection: `a variable with ${marker} in its name does not reach a sandboxed command`,
    file: BASH_ENV,
    find: `  "${marker}",\n`,
    replace: "",
    tests: [BASH_ENV_TEST],
  };
}

export const mutants: Mutant[] = [
  {
    id: "fixes-env-wildcard-covers-zot-keys",
    protection: "a wildcard env grant never covers zot's provider keys",
    file: PERMS,
    find: "return name.startsWith(grant.slice(0, -1)) && !ZOT_SECRET_NAMES.includes(name);",
    replace: "return name.startsWith(grant.slice(0, -1));",
    tests: [ENV_GRANT_TEST],
  },
  nameMarker("PWD", "word"),
  nameMarker("DSN", "word"),
  nameMarker("KEYS", "word"),
  nameMarker("WEBHOOK", "part"),
  nameMarker("PRIVKEY", "part"),
  {
    id: "fixes-bashenv-secret-setting-passed",
    protection:
      "a value with password=, pwd=, token= or secret= does not reach a sandboxed command",
    file: BASH_ENV,
    find: 'if (SECRET_SETTING.test(value)) return "its value sets a password, token or secret";',
    replace: "",
    tests: [BASH_ENV_TEST],
  },
  {
    id: "fixes-bashenv-key-copy-passed",
    protection:
      "a variable holding zot's key under another name does not reach a sandboxed command",
    file: BASH_ENV,
    find: `if (holdsKey(value, zotKeys)) return "its value is zot's provider key";`,
    replace: "",
    tests: [BASH_ENV_TEST],
  },
  {
    id: "fixes-bashenv-setting-passes-key-copy",
    protection: "bashSandbox.env cannot pass a copy of zot's key under another name",
    file: BASH_ENV,
    find:
      "const passed = pass.includes(name) && !ZOT_KEY_ENV.includes(name) && !holdsKey(value, zotKeys);",
    replace: "const passed = pass.includes(name) && !ZOT_KEY_ENV.includes(name);",
    tests: [BASH_ENV_TEST],
  },
  {
    id: "fixes-bashenv-stored-key-ignored",
    protection: "a copy of the key stored in auth.json does not reach a sandboxed command",
    file: "src/tools/bash_launch.ts",
    find: "const policy = bashPolicy(box, tmp, env, stored);",
    replace: "const policy = bashPolicy(box, tmp, env);",
    tests: [BASH_ENV_TEST],
  },
  {
    id: "fixes-bash-zot-home-by-name",
    protection: "zot's home is hidden from a sandboxed command as a directory, not entry by entry",
    file: BASH_POLICY,
    find: "const paths = [...zotHomePaths(zotHome)];",
    replace:
      'const paths = ["auth.json", "sessions", "grants.json", "logs", "extension-data"].map((n) => join(resolve(zotHome), n));',
    tests: [BASH_STATE_TEST],
  },
  {
    id: "fixes-bash-zot-home-not-made",
    protection: "zot's home exists before a sandboxed command starts, so its deny holds",
    file: "src/tools/bash_launch.ts",
    find: "await Deno.mkdir(box.zotHome, { recursive: true, mode: 0o700 });",
    replace: "",
    tests: [BASH_STATE_TEST],
  },
  {
    id: "fixes-bash-docker-by-file",
    protection:
      "~/.docker is hidden as a directory, so a config.json replaced by rename stays hidden",
    file: BASH_POLICY,
    find: '  ".docker",\n',
    replace: '  ".docker/config.json",\n',
    tests: [BASH_STATE_TEST],
  },
  {
    id: "fixes-toolchain-scan-stops-open",
    protection: "a toolchain root whose credential scan did not finish is not opened",
    file: SCAN,
    find: 'return { complete: false, why: `"${tree}" holds more than ${maxEntries} entries` };',
    replace: "return { complete: true, found: found.sort(), entries };",
    tests: [SCAN_TEST],
  },
  {
    id: "fixes-toolchain-scan-skips-code",
    protection: "the credential scan walks into every folder, code folders included",
    file: SCAN,
    find: "if (entry.isDirectory) pending.push(path);",
    replace:
      'if (entry.isDirectory && !["lib", "node_modules"].includes(entry.name)) pending.push(path);',
    tests: [SCAN_TEST],
  },
  {
    id: "fixes-toolchain-opens-other-versions",
    protection: "a pyenv-style root is opened without the versions its settings do not pick",
    file: VERSIONS,
    find: "if (entry.name === versions.dir) continue;",
    replace: "",
    tests: [SCAN_TEST],
  },
  {
    id: "fixes-toolchain-version-leads-out",
    protection: "a version or root entry that leads out of the root is not opened",
    file: VERSIONS,
    find: "if (!real || !isInside(realRoot, real)) return [];",
    replace: "if (!real) return [];",
    tests: [SCAN_TEST],
  },
  {
    id: "fixes-toolchain-root-git-opened",
    protection: "a narrowed toolchain root does not open its .git (a remote URL may carry a token)",
    file: VERSIONS,
    find: 'if (entry.name === ".git") continue;',
    replace: "",
    tests: [SCAN_TEST],
  },
  {
    id: "fixes-toolchain-credential-entry-opened",
    protection: "a credential file among a toolchain root's own entries is not opened",
    file: "src/extensions/toolchain_roots.ts",
    find: "const kept = read.filter((path) => !deny.includes(path));",
    replace: "const kept = read;",
    tests: [SCAN_TEST],
  },
  {
    id: "fixes-toolchain-credential-entry-unseen",
    protection: "a credential file scanned on its own is found",
    file: SCAN,
    find: "if (CREDENTIAL_FILES.includes(basename(dir))) found.push(dir);",
    replace: "",
    tests: [SCAN_TEST],
  },
  {
    id: "fixes-toolchain-scan-kept",
    protection: "a credential scan is shared only while it runs, never reused by a later start",
    file: SCAN,
    find: "scan = walk(tree, maxEntries).finally(() => running.delete(key));",
    replace: "scan = walk(tree, maxEntries);",
    tests: [SCAN_TEST],
  },
];
