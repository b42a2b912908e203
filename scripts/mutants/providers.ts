/**
 * Mutants for the provider transport: what a model server may make zot
 * buffer, and that a server's own oversize event is not retried.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const SSE_TESTS = ["tests/providers/sse_test.ts"];

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
];
