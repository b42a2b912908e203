import { assertEquals } from "../../helpers/assert.ts";
import { within } from "../../helpers/wait.ts";
import { collect, FIXTURES, harness } from "./_helpers.ts";
import { join } from "node:path";

// An extension runs in its own directory, and PWD says so too (as with the
// reference host), whatever directory zot was started in.

Deno.test("an extension's PWD is its working directory; it leads its own session without a terminal", async () => {
  await using h = await harness();
  const channel = await h.start("report-pwd");
  const frames = collect(channel);
  const note = await within(10_000, frames.next((f) => f.type === "notify"), "the report");
  const { pwd, cwd, tty, sid } = JSON.parse(note.type === "notify" ? note.message : "{}");
  // Its own session, without a controlling terminal, whatever zot runs in.
  assertEquals([tty, sid], ["error", true]);
  const dir = await Deno.realPath(join(FIXTURES, "report-pwd"));
  assertEquals([await Deno.realPath(pwd), await Deno.realPath(cwd)], [dir, dir]);
  assertEquals(pwd, join(FIXTURES, "report-pwd"));
});
