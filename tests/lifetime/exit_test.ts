/**
 * zot's one way out (src/exit.ts): every hook runs, in order, even after one
 * that throws; a disposed hook does not; the last words come after the hooks
 * (the terminal is the user's again by then), and the code is the one asked.
 * An exit asked for again from inside (a hook, an `unload` listener) runs no
 * hook twice and keeps the first code.
 */

import { assertEquals } from "../helpers/assert.ts";
import { withTimeout } from "../helpers/wait.ts";

/** Runs a stand-in from tests/fixtures/lifetime to its end. */
async function fixture(name: string, ...args: string[]) {
  const path = new URL(`../fixtures/lifetime/${name}`, import.meta.url).pathname;
  const out = await withTimeout(
    new Deno.Command(Deno.execPath(), { args: ["run", "-A", path, ...args], stderr: "piped" })
      .output(),
    30_000,
    "the stand-in to end",
  );
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function exitOf(...args: string[]): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await fixture("exit_hooks.ts", ...args);
  return { code, stderr };
}

Deno.test("zot's exit runs its hooks, then says its last words, with the code asked", async () => {
  assertEquals(await exitOf(), {
    code: 3,
    stderr: "failing hook\nsecond hook\nlast words\n",
  });
});

Deno.test("an exit asked for from inside the exit runs no hook twice and keeps its code", async () => {
  assertEquals(await exitOf("again"), { code: 3, stderr: "hook\nwords of the second exit\n" });
});

Deno.test("an error event that is no uncaught error, or one already handled, ends nothing", async () => {
  const out = await fixture("crash_not.ts");
  assertEquals([out.code, out.stdout, out.stderr], [0, "still running\n", ""]);
});
