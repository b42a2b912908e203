import { assert, assertEquals } from "../helpers/assert.ts";
import { TmuxSession } from "../helpers/tmux.ts";
import { tempDir } from "../helpers/tmp.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const FIXTURE = new URL("./fixtures/long_transcript.ts", import.meta.url).pathname;

/** The pane's screen with its colours and styles (tmux's escapes). */
async function styledScreen(session: TmuxSession): Promise<string> {
  const out = await new Deno.Command("tmux", {
    args: ["capture-pane", "-p", "-e", "-t", session.name],
    stdout: "piped",
  }).output();
  return new TextDecoder().decode(out.stdout);
}

function start(mode: "stream" | "plain" | "once", cwd: string, env: Record<string, string> = {}) {
  return TmuxSession.start(
    [
      Deno.execPath(),
      "run",
      "-A",
      "--quiet",
      "--config",
      `${ROOT}deno.json`,
      FIXTURE,
      mode,
      "1000",
    ],
    { cwd, env, width: 100, height: 30 },
  );
}

Deno.test({
  name:
    "screen: streaming into a 1,000-message transcript leaves what one full render draws, as pi-tui's TUI does",
  async fn() {
    await using dir = await tempDir();
    const stats = `${dir.path}/stats.json`;
    await using streamed = await start("stream", dir.path, { ZOT_TEST_STATS: stats });
    await using piTui = await start("plain", dir.path);
    await using once = await start("once", dir.path);
    const done = (s: string) => s.includes("all done");
    const [textStreamed, textPiTui, textOnce] = await Promise.all([
      streamed.waitFor(done, "the streamed run's last frame", 60_000),
      piTui.waitFor(done, "pi-tui's streamed run's last frame", 60_000),
      once.waitFor(done, "the full render", 60_000),
    ]);
    assertEquals(textStreamed, textOnce);
    assertEquals(textStreamed, textPiTui);
    assert(textStreamed.includes("a draft") && textStreamed.includes("done."), textStreamed);
    const screen = await styledScreen(streamed);
    assertEquals(screen, await styledScreen(once));
    assertEquals(screen, await styledScreen(piTui));
    const { frames, flat } = JSON.parse(await Deno.readTextFile(stats));
    assert(frames > 150 && flat >= frames - 5, `${flat} of ${frames} frames differential`);
  },
});
