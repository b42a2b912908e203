/**
 * Mutants for the provider transport (what a model server may make zot
 * buffer; a server's own oversize event is not retried) and for what
 * libraries print during a run (kept off the terminal and zot's streams).
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const SSE_TESTS = ["tests/providers/sse_test.ts"];
const CONSOLE_TESTS = ["tests/modes/library_console_test.ts"];

export const mutants: Mutant[] = [
  {
    id: "sse-event-bound",
    protection:
      "an SSE line or event past 16 Mi characters ends the stream instead of filling memory",
    file: "src/providers/sse.ts",
    find: "    maxBufferSize: maxEventChars,\n",
    replace: "",
    tests: SSE_TESTS,
  },
  {
    id: "sse-oversize-not-retried",
    protection: "an oversize SSE event is the server's doing: the request is not sent again",
    file: "src/providers/http.ts",
    find: "if (signal.aborted || e instanceof SseError) throw e;",
    replace: "if (signal.aborted) throw e;",
    tests: SSE_TESTS,
  },
  {
    id: "library-console-diverted",
    protection: "a library's console output during a run goes to the log, not the screen or stderr",
    file: "src/cli/run_dispatch.ts",
    find: '  using _console = divertConsole({ dir: logs, path: join(logs, "console.log") });\n',
    replace: "",
    tests: CONSOLE_TESTS,
  },
  {
    id: "library-console-until-run-ends",
    protection: "the console stays diverted until the mode's run has ended",
    file: "src/cli/run_dispatch.ts",
    find: "return await runPrint(",
    replace: "return runPrint(",
    tests: CONSOLE_TESTS,
  },
  {
    id: "library-console-log-bound",
    protection: "a library printing in a loop writes at most 1 MiB to the log per run",
    file: "src/console_sink.ts",
    find: "if (written + bytes.length > maxBytes) {",
    replace: "if (false) {",
    tests: ["tests/console_sink_test.ts"],
  },
  {
    id: "library-console-log-unrotated",
    protection: "the library console log is rotated: runs keep at most twice its cap on disk",
    file: "src/console_sink.ts",
    find: "      if (size > 0 && size + bytes.length > maxBytes) {",
    replace: "      if (false) {",
    tests: ["tests/console_sink_test.ts"],
  },
  {
    id: "library-console-escapes-raw",
    protection: "library console output reaches the log without terminal escapes",
    file: "src/console_sink.ts",
    find: "safeText(text, { lines: true })",
    replace: "text",
    tests: ["tests/console_sink_test.ts"],
  },
  {
    id: "sse-abort-unheard",
    protection: "an interrupt ends a stream read that waits on a silent server",
    file: "src/providers/sse.ts",
    find: '  signal?.addEventListener("abort", onAbort, { once: true });\n',
    replace: "",
    tests: ["tests/providers/sse_test.ts"],
  },
];
