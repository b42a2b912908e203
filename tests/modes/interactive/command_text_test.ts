/**
 * What an extension command answers reaches the real terminal only as text: an `insert` answer
 * into the editor, an unknown action and an `error` on the status line. Each
 * payload sets the window title and turns the screen red if any escape gets through; tmux shows
 * both (the pane title, and the styled screen).
 */

import { join } from "node:path";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { until } from "../../helpers/wait.ts";
import { startZotTui } from "./zot_tmux.ts";
import { SUBMITTER, type SubmitterScript } from "../../extensions/host/_submitter.ts";

const TITLE = (n: string) => `\u001b]2;PWN${n}\u0007\u001b[31mRED${n}`;

async function writeExt(dir: string, script: SubmitterScript): Promise<string> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.copyFile(SUBMITTER, join(dir, "main.mjs"));
  const manifest = { name: script.name, exec: "node", args: ["main.mjs", JSON.stringify(script)] };
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(manifest));
  return dir;
}

Deno.test("tui: insert, unknown action and error answers cannot act on the terminal", async () => {
  await using z = await tempZot();
  const ext = await writeExt(join(z.root, "painter"), {
    name: "painter",
    commands: ["ins", "weird", "bad"],
    on_command: {
      ins: { reply: { action: "insert", insert: `in ${TITLE("1")}` } },
      weird: { reply: { action: `x${TITLE("2")}` } },
      bad: { reply: { action: "display", display: "d", error: `broke ${TITLE("3")}` } },
    },
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext", "--ext", ext],
    env: { ANTHROPIC_API_KEY: "" },
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  const before = await tui.title();
  const check = async (what: string, n: string) => {
    const styled = await tui.styledScreen();
    assert(styled.includes(`RED${n}`), `${what}: ${styled}`);
    assert(!styled.includes(`\u001b[31mRED${n}`), `${what} painted red: ${styled}`);
    assertEquals(await tui.title(), before, `${what} changed the title`);
  };

  await tui.type("/ins");
  await tui.keys("Enter");
  await tui.waitFor("in RED1", "the inserted text");
  await check("insert", "1");
  await tui.keys("C-u");
  await tui.type("/weird");
  await tui.keys("Enter");
  await tui.waitFor("extension /weird: unknown action xRED2", "the unknown action");
  await check("unknown action", "2");
  await tui.type("/bad");
  await tui.keys("Enter");
  await tui.waitFor("extension /bad: broke RED3", "the error");
  await check("error", "3");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});
