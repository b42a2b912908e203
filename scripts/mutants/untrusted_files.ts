/**
 * Mutants for the files that others write and zot reads: SKILL.md
 * frontmatter (an extension author's or a cloned project's) is narrowed to
 * plain data before it becomes a skill.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const FRONTMATTER = "src/skills/frontmatter.ts";
const FRONTMATTER_TESTS = ["tests/skills/frontmatter_test.ts"];

export const mutants: Mutant[] = [
  {
    id: "frontmatter-anchors-aliases",
    protection: "SKILL.md frontmatter with anchors or aliases is refused (no alias expansion)",
    file: FRONTMATTER,
    find: "if (isAlias(node) || node.anchor) {",
    replace: "if (false) {",
    tests: FRONTMATTER_TESTS,
  },
  {
    id: "frontmatter-tags",
    protection: "SKILL.md frontmatter with explicit tags (!!binary, !custom) is refused",
    file: FRONTMATTER,
    find: "if (node.tag) return refuse(",
    replace: "if (false) return refuse(",
    tests: FRONTMATTER_TESTS,
  },
  {
    id: "frontmatter-size",
    protection: "SKILL.md frontmatter over the size limit is refused before it is parsed",
    file: FRONTMATTER,
    find: "if (source.length > MAX_FRONTMATTER_CHARS) {",
    replace: "if (false) {",
    tests: FRONTMATTER_TESTS,
  },
];
