/**
 * Mutants for first-hour messages: the remedies a newcomer reads must really
 * be there (a denied permission names the scope entry, even when caught).
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const DENIED_TEST = "tests/sandbox/denied_remedy_test.ts";

export const mutants: Mutant[] = [
  {
    id: "msgs-denied-remedy-process-runner",
    protection: "a caught denial in the process runner names the scope entry, not Deno's flag",
    file: "src/sandbox/process_entry.ts",
    find: "  installDeniedRemedy();\n",
    replace: "",
    tests: [DENIED_TEST],
  },
  {
    id: "msgs-denied-remedy-worker-runner",
    protection: "a caught denial in the Worker runner names the scope entry, not Deno's flag",
    file: "src/sandbox/bootstrap.ts",
    find: "(${installDeniedRemedy.toString()})();\n",
    replace: "",
    tests: ["tests/sandbox/worker_runner_test.ts"],
  },
  {
    id: "msgs-denied-remedy-reword",
    protection: "the rewrite keeps the denial's words and adds the scope entry",
    file: "src/sandbox/denied_remedy.ts",
    find: "if (message !== this.message) this.message = message;",
    replace: "",
    tests: [DENIED_TEST],
  },
  {
    id: "msgs-remove-asks-without-terminal",
    protection: "zot ext remove without a terminal and without --yes refuses instead of asking",
    file: "src/cli/ext/remove.ts",
    find: "if (!io.interactive()) {",
    replace: "if (false) {",
    tests: ["tests/cli/ext/remove_prompt_tty_test.ts"],
  },
  {
    id: "msgs-usage-error-prefix",
    protection: "a usage error reads like every other zot error (zot: <message>)",
    file: "src/cli/program.ts",
    find: 'return `zot: ${text.replace(/^error: /, "")}`;',
    replace: "return text;",
    tests: ["tests/journeys/error_prefix_test.ts"],
  },
  {
    id: "msgs-model-lookup-no-server",
    protection: "a model beyond the catalog gets its window from the server behind the base URL",
    file: "src/providers/model_lookup.ts",
    find: "const said = await askServer(options.baseUrl, options);",
    replace: "const said = undefined as ModelInfo | undefined;",
    tests: [
      "tests/providers/model_lookup_test.ts",
      "tests/modes/unknown_model_window_test.ts",
      "tests/modes/interactive/unknown_model_context_test.ts",
    ],
  },
  {
    id: "msgs-unknown-window-silent",
    protection: "auto-compaction off for an unknown window is said once, not silently",
    file: "src/modes/common/setup.ts",
    find: "unknownWindows.add(agent.model);",
    replace: "unknownWindows.add(agent.model);\n        if (unknownWindows.size > 0) return;",
    tests: ["tests/modes/unknown_model_window_test.ts"],
  },
  {
    id: "msgs-models-file-lax-window",
    protection: "models.json refuses a context window that is not a positive whole number",
    file: "src/providers/models_file.ts",
    find: "(!counts || (Number.isInteger(v) && v > 0))",
    replace: "true",
    tests: ["tests/providers/models_file_test.ts"],
  },
];
