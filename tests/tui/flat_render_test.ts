import { assert, assertEquals } from "../helpers/assert.ts";
import {
  DEFAULT_THEME,
  editorTheme,
  FlatTUI,
  LineResetMemo,
  livePaint,
  markdownTheme,
  MemoryTerminal,
  type Paint,
  paintOf,
  Transcript,
} from "../../src/tui/mod.ts";
import { type Component, Container, Editor, TUI } from "@mariozechner/pi-tui";

/** pi-tui renders on a timer; tests drive its frame function directly. */
function renderNow(tui: TUI): void {
  const frame: unknown = Reflect.get(tui, "doRender");
  assert(typeof frame === "function", "pi-tui TUI has no doRender");
  frame.call(tui);
}

/** The transcript's blocks joined line by line by pi-tui's own Container. */
function plainJoin(transcript: Transcript): Component {
  return {
    render: (width) => Container.prototype.render.call(transcript, width),
    invalidate: () => transcript.invalidate(),
  };
}

/** A transcript whose theme can be switched, as Screen.setTheme does. */
function themed() {
  let current = paintOf(DEFAULT_THEME);
  const paint = livePaint(() => current);
  const transcript = new Transcript(paint, markdownTheme(paint));
  return {
    transcript,
    setPaint(next: Paint) {
      current = next;
    },
  };
}

/** What a plain pi-tui Container would render: every block, line by line. */
function joinedFresh(transcript: Transcript, width: number): string[] {
  return transcript.children.flatMap((child) => child.render(width));
}

function fill(transcript: Transcript, toolId = "t1"): void {
  transcript.addUser("how does the config load?");
  transcript.beginAssistant().setText("It reads **zot.json**:\n\n- parses\n- validates");
  transcript.addTool(toolId, "bash", { command: "ls" })
    .setResult(Array.from({ length: 20 }, (_, i) => `file${i}`).join("\n"), false);
  transcript.addLoadErrors(["bad manifest"]);
}

Deno.test("line reset memo: unchanged rows reuse last frame's strings; changed rows recompute", () => {
  const memo = new LineResetMemo();
  const step = (lines: string[]) => lines.map((l) => `<${l}>`);
  const first = memo.apply(["a", "b", "c"], step);
  assertEquals(first, ["<a>", "<b>", "<c>"]);
  assertEquals(memo.recomputed, 3);
  const second = memo.apply(["a", "B", "c", "d"], step);
  assertEquals(second, ["<a>", "<B>", "<c>", "<d>"]);
  assertEquals(memo.recomputed, 2);
  assert(second !== first, "a new array each frame (pi-tui diffs against the old one)");
  assert(second[0] === first[0] && second[2] === first[2], "unchanged rows are the same strings");
  // A shift moves every later line: each recomputes, none is reused wrongly.
  assertEquals(memo.apply(["x", "a", "B", "c", "d"], step), ["<x>", "<a>", "<B>", "<c>", "<d>"]);
  assertEquals(memo.recomputed, 5);
  assert(memo.imageFree(memo.apply(["a"], step)), "no image lines");
  assert(!memo.imageFree(memo.apply(["\x1b_Gi=7;x"], step)), "an image line is reported");
  memo.clear();
  memo.apply(["a"], step);
  assertEquals(memo.recomputed, 1);
  // Rows the caller vouches for are taken as they were, without comparing.
  const base = memo.apply(["a", "b", "c"], step);
  const next = memo.apply(["a", "b", "C"], step, 2);
  assertEquals(next, ["<a>", "<b>", "<C>"]);
  assert(next[0] === base[0] && next[1] === base[1]);
  assertEquals([memo.compared, memo.recomputed], [1, 1]);
  // Never past what the last frame had.
  assertEquals(memo.apply(["a", "b", "C", "d"], step, 9), ["<a>", "<b>", "<C>", "<d>"]);
});

Deno.test("transcript join: same array while unchanged; width, theme, expand, load errors and /clear refresh it", () => {
  const { transcript, setPaint } = themed();
  fill(transcript);
  const first = transcript.render(80);
  assertEquals(first, joinedFresh(transcript, 80));
  assert(transcript.render(80) === first, "nothing changed: the same array");

  const narrow = transcript.render(30);
  assert(narrow !== first);
  assertEquals(narrow, joinedFresh(transcript, 30));
  assertEquals(transcript.render(80), first);

  const tool = transcript.tool("t1");
  assert(tool);
  tool.setExpanded(true);
  const expanded = transcript.render(80);
  assertEquals(expanded, joinedFresh(transcript, 80));
  assert(expanded.length > first.length, "expanded output shows every line");
  tool.setExpanded(false);
  assertEquals(transcript.render(80), first);

  setPaint(paintOf(DEFAULT_THEME, { color: false }));
  transcript.invalidate();
  const plain = transcript.render(80);
  assertEquals(plain, joinedFresh(transcript, 80));
  assert(plain.every((line) => !line.includes("38;5;")), "the new theme has no colours");

  transcript.clearLoadErrors();
  assertEquals(transcript.render(80), joinedFresh(transcript, 80));
  const streaming = transcript.beginAssistant();
  streaming.append("one ");
  const one = transcript.render(80);
  streaming.append("two");
  const two = transcript.render(80);
  assertEquals(two, joinedFresh(transcript, 80));
  assertEquals(two.slice(0, -1), one.slice(0, -1));

  assertEquals(transcript.sharedPrefix(one), one.length - 2, "all before the streaming block");
  assertEquals(transcript.sharedPrefix(two), two.length);
  assertEquals(transcript.sharedPrefix(first), 0, "an older render: unknown");
  transcript.render(40);
  assertEquals(transcript.sharedPrefix(two), 0, "a width change keeps nothing");

  transcript.clear();
  assertEquals(transcript.render(80), []);
  transcript.addUser("again");
  assertEquals(transcript.render(80), joinedFresh(transcript, 80));
});

Deno.test("FlatTUI writes byte for byte what pi-tui's TUI writes, through every invalidation", () => {
  const run = (flat: boolean): string[] => {
    const terminal = new MemoryTerminal(80, 12);
    const tui = flat ? new FlatTUI(terminal) : new TUI(terminal);
    if (tui instanceof FlatTUI) assert(tui.memoized, "pi-tui no longer has the memoized steps");
    const { transcript, setPaint } = themed();
    for (let i = 0; i < 5; i++) fill(transcript, i === 0 ? "t1" : `t1-${i}`);
    tui.addChild(flat ? transcript : plainJoin(transcript));
    // A focused editor below: pi-tui strips its cursor marker in place.
    const editor = new Editor(tui, editorTheme(paintOf(DEFAULT_THEME)));
    tui.addChild(editor);
    tui.setFocus(editor);
    const frames: string[] = [];
    const frame = () => {
      renderNow(tui);
      frames.push(terminal.output);
      terminal.reset();
    };
    frame();
    const streaming = transcript.beginAssistant();
    for (let i = 0; i < 30; i++) {
      streaming.append(i % 7 === 6 ? "token\n\n" : "token ");
      frame();
    }
    transcript.tool("t1")?.setExpanded(true);
    frame();
    transcript.tool("t1")?.setExpanded(false);
    frame();
    terminal.columns = 50;
    frame();
    setPaint(paintOf(DEFAULT_THEME, { color: false }));
    tui.invalidate();
    frame();
    transcript.clearLoadErrors();
    frame();
    editor.setText("a draft\nof two lines");
    frame();
    transcript.clear();
    transcript.addUser("fresh start");
    frame();
    return frames;
  };
  const flat = run(true);
  const plain = run(false);
  assertEquals(flat.length, plain.length);
  flat.forEach((output, i) => assertEquals(output, plain[i], `frame ${i} differs`));
});

Deno.test("FlatTUI: a streamed token compares only the last screenful, not the whole transcript", () => {
  const terminal = new MemoryTerminal(80, 10, { keep: false });
  const tui = new FlatTUI(terminal);
  const { transcript } = themed();
  for (let i = 0; i < 50; i++) fill(transcript, `t${i}`);
  tui.addChild(transcript);
  renderNow(tui);
  const total = tui.memo.rows;
  assert(total > 500, `a long transcript (${total} lines)`);
  const streaming = transcript.beginAssistant();
  for (let i = 0; i < 10; i++) {
    streaming.append("token ");
    renderNow(tui);
    assert(tui.memo.compared <= terminal.rows + 2, `compared ${tui.memo.compared} lines`);
  }
  // Expanding a tool far above changes lines there: everything below is compared.
  transcript.tool("t0")?.setExpanded(true);
  renderNow(tui);
  assert(tui.memo.compared > 500, `compared ${tui.memo.compared} lines`);
});

/** A block that counts how often it is asked to render. */
class Counted implements Component {
  renders = 0;
  lines: string[];
  constructor(text: string) {
    this.lines = [text];
  }
  render(): string[] {
    this.renders++;
    return this.lines;
  }
  invalidate(): void {}
}

class WatchedCounted extends Counted {
  onChange: (() => void) | undefined;
  set(text: string): void {
    this.lines = [text];
    this.onChange?.();
  }
}

Deno.test("transcript: watched blocks are not asked again until they report a change", () => {
  const { transcript } = themed();
  const a = new WatchedCounted("a");
  const b = new WatchedCounted("b");
  const c = new WatchedCounted("c");
  for (const block of [a, b, c]) transcript.addChild(block);
  assertEquals(transcript.render(40), ["a", "b", "c"]);
  assertEquals(transcript.render(40), ["a", "b", "c"]);
  assertEquals([a.renders, b.renders, c.renders], [1, 1, 1]);
  c.set("C");
  assertEquals(transcript.render(40), ["a", "b", "C"]);
  assertEquals([a.renders, b.renders, c.renders], [1, 1, 2]);
  b.set("B");
  assertEquals(transcript.render(40), ["a", "B", "C"]);
  assertEquals([a.renders, b.renders, c.renders], [1, 2, 3]);
  transcript.removeChild(a);
  assertEquals(transcript.render(40), ["B", "C"]);
  a.set("gone");
  assertEquals(transcript.render(40), ["B", "C"]);
  assertEquals(transcript.render(20), ["B", "C"], "a new width asks every block");
  assertEquals([b.renders, c.renders], [4, 5]);

  // A block that cannot report changes makes the transcript ask every block.
  const plain = new Counted("p");
  transcript.addChild(plain);
  plain.lines = ["P"];
  assertEquals(transcript.render(20), ["B", "C", "P"]);
  transcript.clear();
  transcript.addChild(b);
  assertEquals(transcript.render(20), ["B"]);
  assertEquals(transcript.render(20), ["B"]);
  assertEquals(b.renders, 5, "watching resumes after /clear");
  b.set("b2");
  assertEquals(transcript.render(20), ["b2"]);
  assertEquals(b.renders, 6);
});
