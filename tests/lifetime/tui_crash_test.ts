/**
 * A bug that nothing caught, in the real TUI in a real terminal (tmux): zot
 * gives the terminal back before it ends (the cursor it hid is shown again),
 * says what happened on the screen the user is left with, and ends. The
 * bug is a module preloaded into zot that throws when told by a signal.
 */

import { assertEquals } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until } from "../helpers/wait.ts";
import { startZotTui } from "../modes/interactive/zot_tmux.ts";

const BUG = new URL("../fixtures/lifetime/crash_on_signal.ts", import.meta.url).pathname;

const CASES: { signal: Deno.Signal; said: string }[] = [
  { signal: "SIGUSR2", said: "a bug in a listener (test)" },
  { signal: "SIGALRM", said: "a bug in a callback (test)" },
];

for (const c of CASES) {
  Deno.test(`TUI: an uncaught error (${c.said}) gives the terminal back and says so`, async () => {
    await using z = await tempZot();
    await using llm = await startFakeLlm({ script: [{ text: "hi" }] });
    await using tui = await startZotTui({
      cwd: z.cwd,
      home: z.home,
      args: ["--base-url", llm.url, "--no-session"],
      denoFlags: ["--preload", BUG],
    });
    await tui.waitFor("yolo", "the first frame");
    // The TUI draws its own cursor: the terminal's is hidden while it runs.
    assertEquals(await tui.display("#{cursor_flag}"), "0", "cursor while the TUI runs");
    Deno.kill(Number(await tui.display("#{pane_pid}")), c.signal);
    // Said after the terminal was given back: once it shows, so have the modes before it.
    // (tmux leaves this pane's exit status unset; the headless crash tests check it is 1.)
    await tui.waitFor(`zot: internal error: Error: ${c.said}`, "the error on the screen", 10_000);
    await until(() => tui.dead(), 20_000, "zot to exit");
    assertEquals(await tui.display("#{cursor_flag}"), "1", "cursor after zot ended");
  });
}
