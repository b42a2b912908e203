/**
 * The two-column listing of /help and /tools stays aligned at any width:
 * wrapped texts continue under their own column, and a terminal too narrow
 * for both columns puts each text under its name.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { visibleWidth } from "@mariozechner/pi-tui";
import { ColumnsBlock } from "../../src/tui/mod.ts";

const plain = (s: string) => s;
const block = () =>
  new ColumnsBlock([
    {
      title: "Commands:",
      rows: [
        ["/help", "list commands and keys"],
        ["/reload-ext", "stop every extension and start the ones discovery finds now, again"],
      ],
    },
    { title: "Keys:", rows: [["ctrl+c", "abort the turn, else clear the editor, else exit"]] },
  ], plain);

/** The column where a row's text starts, for rows and their continuation lines. */
const TEXT_AT = "  /reload-ext  ".length;

Deno.test("columns: at 40 columns wrapped texts stay under their column", () => {
  const lines = block().render(40);
  for (const line of lines) assert(visibleWidth(line) <= 40, `${JSON.stringify(line)} too wide`);
  const body = lines.filter((l) => l !== "" && !l.endsWith(":"));
  assert(body.length > 3, lines.join("\n"));
  for (const line of body) {
    assertEquals(line.slice(0, TEXT_AT).trimEnd().length < TEXT_AT - 1, true, line);
    assert(line[TEXT_AT] !== " ", `text does not start at column ${TEXT_AT}: ${line}`);
  }
  // Continuation lines are blank up to the column.
  const continued = body.filter((l) => l.startsWith(" ".repeat(TEXT_AT)));
  assert(continued.length >= 2, lines.join("\n"));
});

Deno.test("columns: wide enough, each row is one line", () => {
  const lines = block().render(120);
  assertEquals(lines, [
    "",
    "Commands:",
    "  /help        list commands and keys",
    "  /reload-ext  stop every extension and start the ones discovery finds now, again",
    "Keys:",
    "  ctrl+c       abort the turn, else clear the editor, else exit",
  ]);
});

Deno.test("columns: too narrow for two columns, texts go under their names", () => {
  const lines = block().render(24);
  for (const line of lines) assert(visibleWidth(line) <= 24, `${JSON.stringify(line)} too wide`);
  assert(lines.includes("  /reload-ext"), lines.join("\n"));
  const under = lines.filter((l) => l.startsWith("      ") && l.trim() !== "");
  assert(under.length >= 3, lines.join("\n"));
});
