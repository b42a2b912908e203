/**
 * The TUI under signals, in a real terminal (tmux): closing the terminal
 * (killing the tmux session sends SIGHUP) or a SIGTERM leaves zot like
 * `/exit` (extensions get `shutdown`), a second signal exits at once, and
 * no extension process is left in any case, although these extensions
 * ignore `shutdown`, end of input and every signal but SIGKILL.
 */

import { assertEquals } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until } from "../helpers/wait.ts";
import { startZotTui } from "../modes/interactive/zot_tmux.ts";
import { alive, allReady, assertAllGone, stubbornExtensions } from "./_stubborn.ts";

/** The tmux server (other sessions may use it; its argv is that of the session that started it). */
const TMUX = (cmdline: string) => /^(\S*\/)?tmux( |$)/.test(cmdline);

const CASES: { name: string; act: "close" | Deno.Signal[]; status?: string }[] = [
  { name: "closing the terminal (SIGHUP)", act: "close" },
  { name: "SIGTERM", act: ["SIGTERM"], status: "143" },
  { name: "SIGHUP then SIGTERM during the shutdown", act: ["SIGHUP", "SIGTERM"], status: "143" },
];

for (const c of CASES) {
  Deno.test({
    name: `TUI: ${c.name} shuts extensions down, none left`,
    async fn() {
      await using z = await tempZot();
      await using llm = await startFakeLlm({ script: [{ text: "hi" }] });
      const s = await stubbornExtensions(z.root, z.home, ["python", "node", "ts"]);
      await using tui = await startZotTui({
        cwd: z.cwd,
        home: z.home,
        args: ["--base-url", llm.url, ...s.args],
      });
      const pids = await allReady(s);
      const zot = Number(await tui.display("#{pane_pid}"));
      if (c.act === "close") {
        await tui.close();
        // Graceful: the orderly stop ran and told the extensions.
        await until(() => s.shutdowns().length === 2, 20_000, "shutdown frames");
      } else {
        const [first, ...more] = c.act;
        Deno.kill(zot, first);
        await until(() => s.shutdowns().length === 2, 20_000, "shutdown frames");
        for (const signal of more) Deno.kill(zot, signal);
        // tmux sets the status a moment after it marks the pane dead; on a loaded machine its
        // server has been seen to leave zot a zombie for longer than the bound, so an ended
        // process counts as exited and its status is checked whenever tmux reports it.
        let ended = "";
        await until(
          async () =>
            (ended = await tui.display("#{pane_dead_status}/#{pane_dead_signal}")) !== "/" ||
            !alive(zot),
          20_000,
          "zot to exit",
        );
        if (ended !== "/") assertEquals(ended, `${c.status}/`);
      }
      assertEquals(s.shutdowns().toSorted(), ["node", "python"]);
      await assertAllGone([zot, ...pids], z.root, { ignore: TMUX });
    },
  });
}
