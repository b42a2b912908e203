/**
 * Mutants for getting and replacing zot: a downloaded archive counts only
 * when its digest equals the SHA256SUMS entry for exactly its own name, the
 * new binary must run before it replaces the old one, the swap is one rename
 * of a file staged beside the target, and a zot run from source never
 * replaces the deno binary that runs it.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const UPGRADE_TEST = "tests/cli/upgrade_test.ts";
const INSTALL_TEST = "tests/scripts/install_sh_test.ts";

export const mutants: Mutant[] = [
  {
    id: "dist-digest-ignored",
    protection: "an archive whose SHA-256 differs from its SHA256SUMS entry is refused",
    file: "src/cli/upgrade/sha256sums.ts",
    find: "if (got !== want.digest) {",
    replace: "if (got === undefined) {",
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-sums-name-loose",
    protection: "the SHA256SUMS entry must name exactly the downloaded asset",
    file: "src/cli/upgrade/sha256sums.ts",
    find: "if (m && m[2] === name) found.add(m[1].toLowerCase());",
    replace: "if (m && m[2].includes(name)) found.add(m[1].toLowerCase());",
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-verify-skipped",
    protection: "zot upgrade unpacks and installs nothing that failed verification",
    file: "src/cli/upgrade/upgrade.ts",
    find: "if (mismatch) return { ok: false, error: `Refusing zot ${version}: ${mismatch}` };",
    replace: "",
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-new-binary-unchecked",
    protection: "the new binary must answer --version with the release's version before the swap",
    file: "src/cli/upgrade/replace.ts",
    find: "const broken = await runsVersion(staged, opts.expectVersion);",
    replace: "const broken = undefined as string | undefined;",
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-staged-left",
    protection: "a failed swap removes the staged file, leaving only the old binary",
    file: "src/cli/upgrade/replace.ts",
    find: "    await removeStaged();\n    return `cannot replace",
    replace: "    return `cannot replace",
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-in-place-write",
    protection:
      "the new binary is staged beside the target and renamed over it, never written into it",
    file: "src/cli/upgrade/replace.ts",
    find: "await Deno.writeFile(staged, binary, { createNew: true, mode: 0o755 });",
    replace:
      "await Deno.writeFile(target, binary, { mode: 0o755 });\n    await Deno.copyFile(target, staged);",
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-upgrade-from-source",
    protection: "a zot run from source by deno never replaces the deno binary",
    file: "src/cli/upgrade/command.ts",
    find: "if (!isCompiled() || !(await answersAsZot(Deno.execPath()))) {",
    replace: "if (false) {",
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-upgrade-renamed-deno",
    protection:
      "a binary that does not answer --version as this zot (a renamed deno) is not replaced",
    file: "src/cli/upgrade/command.ts",
    find: "!(await answersAsZot(Deno.execPath()))",
    replace: "false",
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-install-sh-plain-http-host",
    protection: "install.sh takes plain http only when the URL's host is this machine",
    file: "scripts/install.sh",
    find: 'case $host in 127.0.0.1 | localhost) ;; *) fail "$plain_http" ;; esac',
    replace: "true",
    tests: ["tests/scripts/install_sh_test.ts"],
  },
  {
    id: "dist-plain-http",
    protection: "releases come over https; plain http only from this machine",
    file: "src/cli/upgrade/release.ts",
    find: 'if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {',
    replace: 'if (url.protocol !== "https:" && url.protocol !== "http:") {',
    tests: [UPGRADE_TEST],
  },
  {
    id: "dist-install-sh-digest-ignored",
    protection: "install.sh refuses an archive whose SHA-256 differs from its SHA256SUMS entry",
    file: "scripts/install.sh",
    find: '[ "$got" = "$want" ] ||',
    replace: '[ -n "$got" ] ||',
    tests: [INSTALL_TEST],
  },
  {
    id: "dist-install-sh-name-loose",
    protection: "install.sh takes the SHA256SUMS entry for exactly the asset's name",
    file: "scripts/install.sh",
    find: '$2 == n || $2 == "*" n { print tolower($1) }',
    replace: "index($2, n) { print tolower($1) }",
    tests: [INSTALL_TEST],
  },
  {
    id: "dist-install-sh-in-place",
    protection:
      "install.sh stages the binary beside the target and renames it over, never writes into it",
    file: "scripts/install.sh",
    find: 'staged="$dir/.zot.new.$$"',
    replace: 'staged="$dir/zot"',
    tests: [INSTALL_TEST],
  },
  {
    id: "dist-test-runner-group",
    protection: "a stalled test run is stopped with its whole process group, not deno test alone",
    file: "scripts/test.ts",
    find: "else Deno.kill(-child.pid, signal);",
    replace: "else child.kill(signal);",
    tests: ["tests/scripts/test_runner_test.ts"],
  },
  {
    id: "dist-build-smoke-skipped",
    protection: "no archive is written unless the host binary prints zot's version",
    file: "scripts/build.ts",
    find: "if (!out.success || printed !== ZOT_VERSION) {",
    replace: "if (printed === undefined) {",
    tests: ["tests/build/release_test.ts"],
  },
];
