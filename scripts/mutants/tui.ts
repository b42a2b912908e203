/**
 * Mutants for the first-hour TUI and listing protections: `--no-yolo` is
 * never silently dropped by a run that cannot ask, `zot trust` records
 * nothing it did not ask about, and the slash commands whose code loads at
 * first use keep the order of the lines typed.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

export const mutants: Mutant[] = [
  {
    id: "tui-no-yolo-headless-runs-unasked",
    protection: "--no-yolo in a headless run is a usage error, not a run of every tool unasked",
    file: "src/modes/common/setup.ts",
    find: `if (!flags.yolo && mode !== "interactive") {`,
    replace: `if (false) {`,
    tests: ["tests/cli/no_yolo_headless_test.ts"],
  },
  {
    id: "tui-trust-unasked",
    protection: "zot trust asks (or needs --yes) before it records a project with extensions",
    file: "src/cli/trust.ts",
    find: "if (Object.keys(set).length > 0 && !opts.yes) {",
    replace: "if (false) {",
    tests: [
      "tests/journeys/trust_review_test.ts",
      "tests/cli/trust_ask_test.ts",
      "tests/journeys/trust_prompt_test.ts",
    ],
  },
  {
    id: "tui-trust-records-unseen-change",
    protection: "zot trust records only the set it showed, not one changed during the review",
    file: "src/cli/trust.ts",
    find: "if (JSON.stringify(now) !== JSON.stringify(set)) {",
    replace: "if (false) {",
    tests: ["tests/cli/trust_ask_test.ts"],
  },
  {
    id: "tui-list-records-consent",
    protection: "zot ext list is a dry run of the consent check: listing records nothing",
    file: "src/extensions/consent_check.ts",
    find: `if (source.kind !== "global" || options.dryRun) return { ok: true };`,
    replace: `if (source.kind !== "global") return { ok: true };`,
    tests: ["tests/journeys/ext_list_states_test.ts"],
  },
  {
    id: "tui-list-untrusted-project-ready",
    protection: "zot ext list shows an untrusted project's extensions as held back",
    file: "src/extensions/manage/list_state.ts",
    find: "if (!(await isProjectTrusted(paths.trust, paths.cwd))) {",
    replace: "if (false) {",
    tests: ["tests/journeys/ext_list_states_test.ts", "tests/cli/ext/basics_test.ts"],
  },
  {
    id: "tui-list-ungranted-ready",
    protection: "zot ext list shows an extension whose scope was not granted as needing a grant",
    file: "src/extensions/manage/list_state.ts",
    find: "consent.ok ? READY : {",
    replace: "true ? READY : {",
    tests: ["tests/journeys/ext_list_states_test.ts"],
  },
  {
    id: "tui-lazy-command-order",
    protection:
      "a line typed after a built-in whose code is still loading waits for it (/clear then a prompt clears first)",
    file: "src/modes/interactive/app.ts",
    find: 'const loading = line.startsWith("/") ? builtinLoading(line) : undefined;',
    replace: 'const loading = line.startsWith("/") && false ? builtinLoading(line) : undefined;',
    tests: ["tests/modes/interactive/lazy_commands_test.ts"],
  },
  {
    id: "tui-markdown-redraw-after-load",
    protection:
      "an answer shown unformatted before the markdown renderer loaded is drawn again with markdown",
    file: "src/modes/interactive/app.ts",
    find: "this.screen.tui.invalidate();",
    replace: "",
    tests: ["tests/modes/interactive/markdown_after_frame_test.ts"],
  },
];
