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
    find: "if (e.type === EVENT_ID.ALIAS || e.anchorStart !== -1) {",
    replace: "if (false) {",
    tests: FRONTMATTER_TESTS,
  },
  {
    id: "frontmatter-tags",
    protection: "SKILL.md frontmatter with explicit tags (!!binary, !custom) is refused",
    file: FRONTMATTER,
    find: "if (e.tagStart !== -1) {",
    replace: "if (false) {",
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
  {
    id: "frontmatter-depth",
    protection: "SKILL.md frontmatter nested deeper than the limit is refused",
    file: FRONTMATTER,
    find: "parseEvents(source, { maxDepth: MAX_DEPTH })",
    replace: "parseEvents(source, { maxDepth: 100_000 })",
    tests: FRONTMATTER_TESTS,
  },
];
