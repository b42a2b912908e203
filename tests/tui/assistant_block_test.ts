import { assert, assertEquals } from "../helpers/assert.ts";
import {
  AssistantBlock,
  chunkCuts,
  DEFAULT_THEME,
  livePaint,
  loadMarkdown,
  markdownTheme,
  paintOf,
} from "../../src/tui/mod.ts";
import { Markdown } from "@mariozechner/pi-tui";

// Assistant blocks render markdown once its component has loaded (the TUI loads it after its
// first frame).
await loadMarkdown();

const paint = paintOf(DEFAULT_THEME);

/** The whole text rendered at once by pi-tui, after the block's leading gap. */
function whole(text: string, width: number): string[] {
  const md = new Markdown(text.trimEnd(), 0, 0, markdownTheme(paint), { color: paint.assistant });
  return ["", ...md.render(width)];
}

const TEXTS = [
  "Para one is here.\n\nPara two.",
  "# Heading\n\nText with **bold** and `code`.\n\n## Sub\n\nMore text here, long enough to wrap at forty columns for sure.",
  "Text\n\n```ts\nconst x = 1;\n\nconst y = 2;\n```\n\nAfter code.",
  "Text\n\n---\n\nMore",
  "Intro:\n\n- a\n- b\n\n- c\n\nAfter list.\n\n1. one\n\n2. two\n\nEnd.",
  "Para\n\n> quote\n\n> another\n\nPara",
  "| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter table.",
  "Here:\n\n    indented code\n\nafter\n\n\n\nmany blanks",
  '_emph_ start\n\n"quoted" start\n\n(paren) start\n\n',
];

Deno.test("assistant block: streamed in chunks, renders line for line as the whole text", () => {
  for (const text of TEXTS) {
    const streamed = new AssistantBlock(markdownTheme(paint), paint);
    for (const ch of text) streamed.append(ch);
    const once = new AssistantBlock(markdownTheme(paint), paint);
    once.setText(text);
    for (const width of [60, 40]) {
      assertEquals(streamed.render(width), whole(text, width), JSON.stringify(text));
      assertEquals(once.render(width), whole(text, width), JSON.stringify(text));
    }
  }
});

Deno.test("chunk cuts: only before a block that cannot continue the previous one, never in a fence", () => {
  assertEquals(chunkCuts("one\n\ntwo"), [5]);
  assertEquals(chunkCuts("one\n\n"), [], "the next block has not started");
  assertEquals(chunkCuts("one\n\n- a\n\n- b"), [], "a list may continue");
  assertEquals(chunkCuts("one\n\n1. a\n\n    more"), []);
  assertEquals(chunkCuts("one\n\n> q"), []);
  assertEquals(chunkCuts("```\na\n\nb\n```\n\nafter"), [14]);
  assertEquals(chunkCuts("one\n\n```\na\n\nb"), [5], "inside an open fence: no cut");
  assertEquals(chunkCuts("one\n\ntwo\n\nthree", 5), [10], "resumes from a cut");
});

Deno.test("assistant block: width, theme and a rewritten text refresh the finished chunks", () => {
  let current = paintOf(DEFAULT_THEME);
  const live = livePaint(() => current);
  const block = new AssistantBlock(markdownTheme(live), live);
  block.append("First **para**graph.\n\nSecond paragraph, a bit longer than the rest.\n\nThird");
  const wide = block.render(60);
  assertEquals(wide, whole(block.text, 60));
  assert(block.render(60) === wide, "unchanged: the same array");
  assertEquals(block.render(20), whole(block.text, 20));
  assertEquals(block.render(60), wide);

  current = paintOf(DEFAULT_THEME, { color: false });
  block.invalidate();
  const plain = block.render(60);
  assert(plain.every((line) => !line.includes("38;5;")), JSON.stringify(plain));

  current = paintOf(DEFAULT_THEME);
  block.invalidate();
  block.setText("Another answer.\n\nWith two paragraphs.");
  assertEquals(block.render(60), whole("Another answer.\n\nWith two paragraphs.", 60));
  block.setText("Another answer.\n\nWith two paragraphs. And more.");
  assertEquals(block.render(60), whole("Another answer.\n\nWith two paragraphs. And more.", 60));
  block.setText("");
  assertEquals(block.render(60), []);
});

Deno.test("assistant block renderSince: finished chunks' rows are not handed over again", () => {
  const block = new AssistantBlock(markdownTheme(paint), paint);
  const rows = (r: { from: number; parts: readonly (readonly string[])[] }) => r.parts.flat();
  let last = block.renderSince(60, undefined);
  assertEquals([last.from, last.length], [0, 0]);
  let kept = 0;
  for (const ch of TEXTS[1] + "\n\nA last paragraph.") {
    block.append(ch);
    const next = block.renderSince(60, last.token);
    const all = block.render(60);
    assertEquals(next.length, all.length);
    assertEquals(rows(next), all.slice(next.from), "the rows from `from` on");
    assert(next.from >= kept, "the finished rows only grow");
    kept = next.from;
    last = next;
  }
  assert(kept > 5, `rows before the last paragraph kept (${kept})`);
  assertEquals(block.renderSince(40, last.token).from, 0, "a new width: every row");
  const narrow = block.renderSince(40, undefined);
  block.invalidate();
  assertEquals(block.renderSince(40, narrow.token).from, 0, "a theme change: every row");
  const again = block.renderSince(40, undefined);
  block.setText("Rewritten.\n\nAll of it.");
  const rewritten = block.renderSince(40, again.token);
  assertEquals([rewritten.from, rows(rewritten)], [0, whole("Rewritten.\n\nAll of it.", 40)]);
});
