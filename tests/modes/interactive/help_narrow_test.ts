/**
 * `/help` in a 40-column terminal: every command row and every wrapped
 * continuation starts its text at the same column, and nothing is cut.
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startZotTui } from "./zot_tmux.ts";

Deno.test("tui: /help stays aligned at 40 columns", async () => {
  await using z = await tempZot();
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext"],
    width: 40,
    height: 80,
  });
  await tui.waitFor("anthropic/", "the status line");
  await tui.type("/help");
  await tui.keys("Enter");
  const screen = await tui.waitFor((s) => s.includes("Keys:") && s.includes("ctrl+g"), "help");
  const lines = screen.split("\n");
  const from = lines.findIndex((l) => l.startsWith("Commands:"));
  const to = lines.findIndex((l) => l.startsWith("Keys:"));
  const body = lines.slice(from + 1, to).filter((l) => l.trim() !== "");
  const column = body[0].search(/\S\s{2,}\S/) + body[0].match(/\S\s{2,}/)![0].length;
  let continued = 0;
  for (const line of body) {
    if (line.startsWith("  /")) {
      assertEquals(line.search(/\S\s{2,}\S/) + line.match(/\S\s{2,}/)![0].length, column, line);
    } else {
      continued++;
      assertEquals(line.search(/\S/), column, `continuation off its column: ${line}`);
    }
  }
  // At 40 columns some descriptions wrap: the check above saw continuation lines.
  assert(continued > 0, body.join("\n"));
  assert(body.some((l) => l.startsWith("  /reload-ext")), body.join("\n"));
});
