/**
 * Mutants for the RPC server: the token a client must show first, and the queue a client can
 * empty with `abort` and `drop_queued`.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

export const mutants: Mutant[] = [
  {
    id: "rpc-token-unchecked",
    protection: "with ZOTCORE_RPC_TOKEN set, no command runs before a hello with that token",
    file: "src/modes/rpc/mod.ts",
    find: "let authed = !token;",
    replace: "let authed = true;",
    tests: ["tests/modes/rpc_test.ts"],
  },
  {
    id: "rpc-drop-queued-ignored",
    protection: "abort with drop_queued drops the prompts and compactions that wait",
    file: "src/modes/rpc/handlers.ts",
    find: "const dropped = command.dropQueued ? ctx.queue.dropWaiting() : 0;",
    replace: "const dropped = command.dropQueued ? 3 : 0;",
    tests: ["tests/modes/rpc_abort_queue_test.ts"],
  },
];
