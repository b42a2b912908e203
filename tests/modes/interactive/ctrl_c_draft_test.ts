/**
 * Ctrl+C with a draft in the editor, as the README and /help say: it clears
 * the draft (and says how to get it back), the editor's undo restores it,
 * and exiting still takes two presses on an empty editor.
 */

import { assert } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { until } from "../../helpers/wait.ts";
import { startZotTui } from "./zot_tmux.ts";

Deno.test("tui: ctrl+c clears a draft, ctrl+- brings it back, then ctrl+c twice exits", async () => {
  await using z = await tempZot();
  await using tui = await startZotTui({ cwd: z.cwd, home: z.home, args: ["--no-ext"] });
  await tui.waitFor("yolo", "the status line");
  await tui.type("a draft worth keeping");
  await tui.waitFor("a draft worth keeping", "the draft");
  await tui.keys("C-c");
  const cleared = await tui.waitFor("editor cleared", "the cleared status");
  assert(!cleared.includes("a draft worth keeping"), cleared);
  assert(cleared.includes("ctrl+- brings it back"), cleared);
  // tmux sends Ctrl+- as C-_ (0x1f), which the editor reads as undo.
  await tui.keys("C-_");
  await tui.waitFor("a draft worth keeping", "the draft back");
  assert(!(await tui.dead()));
  // With the draft there, Ctrl+C clears it again rather than arming the exit.
  await tui.keys("C-c");
  await tui.waitFor((s) => !s.includes("a draft worth keeping"), "cleared again");
  await tui.keys("C-c");
  await tui.waitFor("press ctrl+c again to exit", "the exit hint");
  assert(!(await tui.dead()));
  await tui.keys("C-c");
  await until(() => tui.dead(), 10_000, "zot to exit");
});
