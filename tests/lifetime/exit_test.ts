/**
 * zot's one way out (src/exit.ts): every hook runs, in order, even after one
 * that throws; a disposed hook does not; the last words come after the hooks
 * (the terminal is the user's again by then), and the code is the one asked.
 */

import { assertEquals } from "../helpers/assert.ts";
import { withTimeout } from "../helpers/wait.ts";

Deno.test("zot's exit runs its hooks, then says its last words, with the code asked", async () => {
  const fixture = new URL("../fixtures/lifetime/exit_hooks.ts", import.meta.url).pathname;
  const out = await withTimeout(
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", fixture],
      stdout: "null",
      stderr: "piped",
    })
      .output(),
    30_000,
    "the stand-in to exit",
  );
  assertEquals(out.code, 3);
  assertEquals(new TextDecoder().decode(out.stderr), "failing hook\nsecond hook\nlast words\n");
});
