/**
 * `zot trust` in a real terminal: the list, then the question (the prompt
 * install and grant use); "no" records nothing, "yes" trusts.
 */

import { dirname } from "node:path";
import { assert, assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until } from "../helpers/wait.ts";
import { startZotTui } from "../modes/interactive/zot_tmux.ts";
import { runZot } from "../modes/run_zot.ts";
import { shellExtension } from "./zot.ts";

async function trusted(z: { cwd: string; home: string }): Promise<boolean> {
  return (await runZot(["trust", "--list"], z)).stdout.trim() !== "";
}

Deno.test("journey: zot trust in a terminal asks; no records nothing, yes trusts", async () => {
  await using z = await tempZot();
  for (const [rel, text] of Object.entries(shellExtension("sh"))) {
    const path = `${z.cwd}/.zot/extensions/${rel}`;
    await Deno.mkdir(dirname(path), { recursive: true });
    await Deno.writeTextFile(path, text, { mode: 0o755 });
  }
  for (const [answer, expect] of [["n", false], ["y", true]] as const) {
    await using tui = await startZotTui({ cwd: z.cwd, home: z.home, args: ["trust"] });
    const screen = await tui.waitFor("let these extensions run?", "the question");
    assert(screen.includes("NOT sandboxed"), screen);
    assert(screen.includes("it can do anything you can"), screen);
    await tui.type(answer);
    await tui.keys("Enter");
    await until(() => tui.dead(), 10_000, "zot trust to end");
    assertEquals(await trusted(z), expect, await tui.screen());
  }
});
