/**
 * A bug that nothing caught, in the real TUI in a real terminal (tmux): zot
 * gives the terminal back before it ends (the cursor it hid is shown again),
 * says what happened on the screen the user is left with, and exits 1. The
 * bug is a module preloaded into zot that throws when told by a signal; zot
 * runs under a shell that stays after it, so the terminal is read as zot
 * left it (tmux hides the cursor of a pane it marks dead).
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startZotTui } from "../modes/interactive/zot_tmux.ts";

const BUG = new URL("../fixtures/lifetime/crash_on_signal.ts", import.meta.url).pathname;

const CASES: { signal: Deno.Signal; said: string }[] = [
  { signal: "SIGUSR2", said: "a bug in a listener (test)" },
  { signal: "SIGALRM", said: "a bug in a callback (test)" },
];

/** The one child of the pane's shell: zot. */
function zotPid(shell: number): number {
  const children = Deno.readTextFileSync(`/proc/${shell}/task/${shell}/children`).trim();
  assert(/^\d+$/.test(children), `the pane's shell has children "${children}"`);
  return Number(children);
}

for (const c of CASES) {
  Deno.test(`TUI: an uncaught error (${c.said}) gives the terminal back and says so`, async () => {
    await using z = await tempZot();
    await using llm = await startFakeLlm({ script: [{ text: "hi" }] });
    await using tui = await startZotTui({
      cwd: z.cwd,
      home: z.home,
      args: ["--base-url", llm.url, "--no-session"],
      denoFlags: ["--preload", BUG],
      keepPane: true,
    });
    await tui.waitFor("yolo", "the first frame");
    // The TUI draws its own cursor: the terminal's is hidden while it runs.
    assertEquals(await tui.display("#{cursor_flag}"), "0", "cursor while the TUI runs");
    Deno.kill(zotPid(Number(await tui.display("#{pane_pid}"))), c.signal);
    // The shell says the status once zot is gone and all it wrote is on the screen.
    const screen = await tui.waitFor("zot exited with ", "zot to exit", 20_000);
    assert(screen.includes(`zot: internal error: Error: ${c.said}`), screen);
    assert(screen.includes("zot exited with 1"), screen);
    assertEquals(await tui.display("#{cursor_flag}"), "1", "cursor after zot ended");
  });
}
