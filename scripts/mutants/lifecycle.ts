/**
 * Mutants for the extension lifecycle: npm downloads must match the
 * registry's integrity, the tar reader must keep every entry inside the
 * package, and `zot ext update` must ask again for what it widens and put
 * the old version back when anything fails.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const TAR = "src/extensions/manage/tar.ts";
const TAR_TEST = "tests/extensions/manage/tar_test.ts";
const NPM_TEST = "tests/extensions/manage/npm_install_test.ts";
const UPDATE_TEST = "tests/extensions/manage/update_git_test.ts";

export const mutants: Mutant[] = [
  {
    id: "lifecycle-npm-integrity",
    protection: "a tarball that does not match the registry's sha512 integrity is never unpacked",
    file: "src/extensions/manage/npm.ts",
    find: "if (actual !== resolved.integrity) {",
    replace: "if (false) {",
    tests: [NPM_TEST],
  },
  {
    id: "lifecycle-npm-sha512-required",
    protection:
      "a version without a sha512 integrity is refused (nothing to check the download by)",
    file: "src/extensions/manage/npm.ts",
    find:
      `if (typeof integrity !== "string" || !/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(integrity.trim())) {`,
    replace: `if (typeof integrity !== "string") {`,
    tests: [NPM_TEST],
  },
  {
    id: "lifecycle-tar-dotdot",
    protection: "a tar entry climbing out of the package with .. is refused",
    file: TAR,
    find: `if (parts.includes("..")) throw refuse(`,
    replace: `if (parts.includes("..") && false) throw refuse(`,
    tests: [TAR_TEST, NPM_TEST],
  },
  {
    id: "lifecycle-tar-absolute",
    protection: "a tar entry with an absolute path is refused",
    file: TAR,
    find: `if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw) || raw.includes("\\\\")) {`,
    replace: `if (false) {`,
    tests: [TAR_TEST],
  },
  {
    id: "lifecycle-tar-symlink-outside",
    protection: "a symlink in a package may only point inside it",
    file: TAR,
    find: "if (!linkStaysInside(rel, linkRaw)) {",
    replace: "if (false) {",
    tests: [TAR_TEST],
  },
  {
    id: "lifecycle-tar-hardlink-outside",
    protection: "a hard link in a package may only name an earlier file of it",
    file: TAR,
    find: "if (target === undefined || !written.has(target) || links.has(target)) {",
    replace: "if (target === undefined) {",
    tests: [TAR_TEST],
  },
  {
    id: "lifecycle-tar-through-link",
    protection: "nothing is written through a link the archive itself made",
    file: TAR,
    find: 'if (links.has(parts.slice(0, i).join("/"))) {',
    replace: "if (false) {",
    tests: [TAR_TEST],
  },
  {
    id: "lifecycle-tar-device",
    protection: "device files and FIFOs in a package are refused",
    file: TAR,
    find: `if (!isFile && type !== "5" && type !== "1" && type !== "2") {`,
    replace: `if (false) {`,
    tests: [TAR_TEST],
  },
  {
    id: "lifecycle-tar-size-bound",
    protection: "a package unpacking to more than the byte limit is refused",
    file: TAR,
    find: "if (total > limits.bytes) throw refuse(",
    replace: "if (false) throw refuse(",
    tests: [TAR_TEST],
  },
  {
    id: "lifecycle-update-consent-widening",
    protection: "an update that widens a sandboxed scope asks again",
    file: "src/extensions/manage/update_summary.ts",
    find: "if (wider.length) changes.push(",
    replace: "if (false) changes.push(",
    tests: [UPDATE_TEST],
  },
  {
    id: "lifecycle-update-consent-asked",
    protection: "an update that changes what the user agreed to is not swapped in unasked",
    file: "src/extensions/manage/update.ts",
    find: "if (asks.length) {",
    replace: "if (false) {",
    tests: [UPDATE_TEST],
  },
  {
    id: "lifecycle-update-rollback",
    protection: "a failure after the swap puts the old version back",
    file: "src/extensions/manage/update.ts",
    find: "await Deno.rename(previous, dir);",
    replace: "",
    tests: [UPDATE_TEST],
  },
];
