/**
 * Mutants of the quality gate: the markdown check catches a fence that does
 * not close (left open, or "closed" with text after it) and a link to a
 * missing file, and `deno task ok` counts a failed check in the summary line
 * CI reads.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const MARKDOWN = "scripts/check_markdown.ts";
const MARKDOWN_TEST = "tests/scripts/check_markdown_test.ts";

export const mutants: Mutant[] = [
  {
    id: "gate-markdown-fence-with-text",
    protection: "a fence followed by text is reported: it does not close the block",
    file: MARKDOWN,
    find: "    } else {\n      out.push({",
    replace: "    } else if (Date.now() < 0) {\n      out.push({",
    tests: [MARKDOWN_TEST],
  },
  {
    id: "gate-markdown-unclosed-fence",
    protection: "a code block never closed is reported at its opening line",
    file: MARKDOWN,
    find: "  if (open) {\n    out.push({",
    replace: "  if (open && Date.now() < 0) {\n    out.push({",
    tests: [MARKDOWN_TEST],
  },
  {
    id: "gate-markdown-missing-link",
    protection: "a relative link to a file that does not exist is reported",
    file: MARKDOWN,
    find: "  if (!files.exists(path)) {",
    replace: "  if (Date.now() < 0) {",
    tests: [MARKDOWN_TEST],
  },
  {
    id: "gate-ok-counts-failed-check",
    protection: "a failed check before the tests counts as a failure in the gate's last line",
    file: "scripts/ok.ts",
    find: "      else total.failed++;",
    replace: "      else total.passed++;",
    tests: ["tests/scripts/ok_test.ts"],
  },
];
