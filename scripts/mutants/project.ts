/**
 * Mutants for a cloned project's reach: project extensions are decided
 * after the user's own (explicit and global) ones and only when trusted and
 * pinned, so nothing a `git pull` adds can stop or replace the user's
 * extensions; and trust pins each project extension's whole directory tree,
 * so its code cannot change unseen.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const GUARD = "tests/journeys/project_guard_test.ts";
const DISCOVERY = "tests/extensions/discovery/discovery_test.ts";
const NAMES = "tests/extensions/identity/names_test.ts";
const TREE = "tests/extensions/identity/trust_tree_test.ts";

export const mutants: Mutant[] = [
  {
    id: "project-before-global",
    protection: "a project directory never shadows the user's global extension of that name",
    file: "src/extensions/discovery.ts",
    find: "const candidates = [...explicit, ...global, ...admitted.run.map(candidateOf)];",
    replace: "const candidates = [...explicit, ...admitted.run.map(candidateOf), ...global];",
    tests: [DISCOVERY, GUARD],
  },
  {
    id: "project-raw-candidates",
    protection:
      "invalid, untrusted or unpinned project directories take no part in deciding winners",
    file: "src/extensions/discovery.ts",
    find: "const candidates = [...explicit, ...global, ...admitted.run.map(candidateOf)];",
    replace: "const candidates = [...explicit, ...project, ...global];",
    tests: [GUARD],
  },
  {
    id: "project-name-refuses-global",
    protection: "a project extension sharing a global one's manifest name never refuses the global",
    file: "src/extensions/discovery.ts",
    find: 'const rivals = s.kind === "project" ? group : own;',
    replace: "const rivals = group;",
    tests: [DISCOVERY, GUARD, NAMES],
  },
  {
    id: "project-name-clash-unsaid",
    protection:
      "a project copy of a global name is refused with a diagnostic naming the user's one",
    file: "src/extensions/discovery.ts",
    find: 'if (s.kind === "project" && own.length > 0) {',
    replace: "if (false) {",
    tests: [DISCOVERY, NAMES],
  },
  {
    id: "project-held-takes-part",
    protection: "a project extension held back by its pins takes no part in deciding names",
    file: "src/extensions/discovery.ts",
    find: "return gate ? await gate(valid) : { run: valid, held: [] };",
    replace: "return { run: valid, held: gate ? (await gate(valid)).held : [] };",
    tests: [DISCOVERY, NAMES],
  },
  {
    id: "project-doctor-ungated",
    protection: "zot ext doctor decides names among the pinned project extensions, as a run does",
    file: "src/cli/ext/doctor.ts",
    find:
      "let entries = await doctorScan(paths, explicit, { admitProject, projectTrusted: trusted });",
    replace: "let entries = await doctorScan(paths, explicit, { projectTrusted: trusted });",
    tests: [NAMES],
  },
  {
    id: "doctor-untrusted-as-run",
    protection: "in an untrusted project zot ext doctor labels each copy as the run treats it",
    file: "src/cli/ext/doctor.ts",
    find:
      "let entries = await doctorScan(paths, explicit, { admitProject, projectTrusted: trusted });",
    replace: "let entries = await doctorScan(paths, explicit, { admitProject });",
    tests: ["tests/journeys/project_trust_test.ts"],
  },
  {
    id: "tree-pin-ignored",
    protection: "a change in a project extension's tree holds it back",
    file: "src/extensions/trust.ts",
    find: "else if (pin.treeSha256 !== now.treeSha256) {",
    replace: "else if (false) {",
    tests: [TREE],
  },
  {
    id: "tree-outside-exec-unpinned",
    protection: "an exec or arg naming a file outside the extension directory is pinned too",
    file: "src/extensions/trust.ts",
    find: "if (!isInside(resolve(source.dir), path)) out[`${label} ${given}`] = path;",
    replace: "",
    tests: [TREE],
  },
  {
    id: "tree-content-unhashed",
    protection: "the tree hash covers every file's content",
    file: "src/extensions/tree_hash.ts",
    find: "const content = await sha256(await Deno.readFile(path));",
    replace: 'const content = "";',
    tests: [TREE],
  },
  {
    id: "tree-exec-bit-unhashed",
    protection: "the tree hash covers executable bits",
    file: "src/extensions/tree_hash.ts",
    find: 'const exec = ((info.mode ?? 0) & 0o111) !== 0 ? "x" : "-";',
    replace: 'const exec = "-";',
    tests: [TREE],
  },
  {
    id: "tree-link-not-followed",
    protection: "a symlink's pinned entry covers the content of the file it reaches",
    file: "src/extensions/tree_hash.ts",
    find: "? await fileEntry(walk, path, reached)",
    replace: '? "file"',
    tests: [TREE],
  },
  {
    id: "tree-bytes-unbounded",
    protection: "a tree holding more than the byte limit is not pinned",
    file: "src/extensions/tree_hash.ts",
    find: "if (walk.bytes > TREE_LIMITS.bytes) {",
    replace: "if (false) {",
    tests: [TREE],
  },
  {
    id: "tree-entries-unbounded",
    protection: "a tree with more than the entry limit is not pinned",
    file: "src/extensions/tree_hash.ts",
    find: "if (walk.lines.length >= TREE_LIMITS.entries) {",
    replace: "if (false) {",
    tests: [TREE],
  },
];
