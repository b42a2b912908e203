/**
 * What an extension shows and the scope an `--ext` extension runs with stay
 * in the terminal's scrollback: after Esc, `clear_notes` and enough output
 * to scroll them off the screen, they are still in tmux's history.
 */

import { assert, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startZotTui } from "./zot_tmux.ts";

const HELLO = new URL("../../../examples/extensions/hello", import.meta.url).pathname;

/** The pane's whole history plus the screen, as plain text. */
async function scrollback(name: string): Promise<string> {
  const out = await new Deno.Command("tmux", {
    args: ["capture-pane", "-p", "-S", "-", "-t", name],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout);
}

Deno.test("tui: the --ext scope notice and a command's display stay in the scrollback", async () => {
  await using z = await tempZot();
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext", "--ext", HELLO],
    height: 24,
  });
  await tui.waitFor(`extension "hello" runs sandboxed and may:`, "the scope notice");
  await tui.waitFor("anthropic/", "the status line");
  await tui.type("/summon");
  await tui.keys("Enter");
  await tui.waitFor("[summon] You rang?", "the display");
  await tui.keys("Escape");
  // Enough listing to push both off a 24-row screen.
  for (let i = 0; i < 3; i++) {
    await tui.type("/help");
    await tui.keys("Enter");
  }
  await tui.waitFor((s) => !s.includes("[summon] You rang?"), "the display scrolled off");
  const history = await scrollback(tui.name);
  assertStringIncludes(history, `extension "hello" runs sandboxed and may:`);
  assertStringIncludes(history, "[summon] You rang?");
  assert(history.indexOf("runs sandboxed") < history.indexOf("[summon] You rang?"), history);
});
