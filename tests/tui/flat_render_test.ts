import { assert, assertEquals } from "../helpers/assert.ts";
import {
  DEFAULT_THEME,
  editorTheme,
  FlatTUI,
  livePaint,
  loadMarkdown,
  markdownTheme,
  MemoryTerminal,
  type Paint,
  paintOf,
  Transcript,
} from "../../src/tui/mod.ts";
import { type Component, Container, Editor, TUI, visibleWidth } from "@mariozechner/pi-tui";
import { fits } from "../../src/tui/flat_frame.ts";
import { drawNow, piFrameState } from "../../src/tui/pi_private.ts";
import { Emulator } from "../helpers/emulator.ts";

// Assistant blocks render markdown once its component has loaded (the TUI loads it after its
// first frame).
await loadMarkdown();

/** pi-tui renders on a timer; tests drive its frame function directly. */
function renderNow(tui: TUI): void {
  drawNow(tui);
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

  transcript.clear();
  assertEquals(transcript.render(80), []);
  transcript.addUser("again");
  assertEquals(transcript.render(80), joinedFresh(transcript, 80));
});

Deno.test("transcript renderSince: the rows from the first changed block on; unknown renders give every row", () => {
  const { transcript } = themed();
  fill(transcript);
  const rows = (r: { parts: readonly (readonly string[])[] }) => r.parts.flat();
  const first = transcript.renderSince(80, undefined);
  assertEquals([first.from, first.length], [0, transcript.render(80).length]);
  assertEquals(rows(first), transcript.render(80));

  const idle = transcript.renderSince(80, first.token);
  assertEquals([idle.from, idle.length, rows(idle)], [first.length, first.length, []]);

  const streaming = transcript.beginAssistant();
  streaming.append("one two");
  const added = transcript.renderSince(80, idle.token);
  assertEquals(added.from, first.length, "a new block: rows from its start");
  assertEquals(rows(added), transcript.render(80).slice(first.length));
  streaming.append(" three\n\nfour");
  const token = transcript.renderSince(80, added.token);
  assertEquals(token.from, first.length, "the streaming block only");
  assertEquals(rows(token), transcript.render(80).slice(first.length));

  assertEquals(transcript.renderSince(80, first.token).from, 0, "an older render: every row");
  assertEquals(transcript.renderSince(60, undefined).from, 0);
  const narrow = transcript.renderSince(80, undefined);
  assertEquals(narrow.from, 0, "after another width: every row");

  const loadError = transcript.render(80).findIndex((line) => line.includes("bad manifest"));
  transcript.clearLoadErrors();
  const removed = transcript.renderSince(80, narrow.token);
  assertEquals(removed.from, loadError - 1, "from the removed block's start (its blank line)");
  assertEquals(rows(removed), transcript.render(80).slice(removed.from));

  transcript.tool("t1")?.setExpanded(true);
  const expanded = transcript.renderSince(80, removed.token);
  const toolStart = transcript.render(80).findIndex((line) => line.includes("bash(command=ls)"));
  assertEquals(expanded.from, toolStart - 1);
  assertEquals(expanded.length, transcript.render(80).length);

  transcript.clear();
  transcript.addUser("fresh");
  const fresh = transcript.renderSince(80, expanded.token);
  assertEquals([fresh.from, rows(fresh)], [0, transcript.render(80)]);
});

/** One frame as recorded: what was written, at which terminal size, by which writer. */
interface Frame {
  output: string;
  columns: number;
  rows: number;
  /** FlatFrame drew it (FlatTUI only). */
  flat: boolean;
  /** pi-tui's frame state after it: what its next frame starts from. */
  state: Record<string, number>;
}

/** Builds the components on `tui`, then changes them, calling `frame()` after each change. */
type Scenario = (tui: TUI, terminal: MemoryTerminal, flat: boolean, frame: () => void) => void;

const STATE = [
  "previousViewportTop",
  "hardwareCursorRow",
  "cursorRow",
  "maxLinesRendered",
] as const;

function record(scenario: Scenario, flat: boolean, columns: number, rows: number): Frame[] {
  const terminal = new MemoryTerminal(columns, rows);
  const tui = flat ? new FlatTUI(terminal) : new TUI(terminal);
  if (tui instanceof FlatTUI) assert(tui.flat, "pi-tui no longer has the frame state FlatTUI uses");
  const frames: Frame[] = [];
  scenario(tui, terminal, flat, () => {
    renderNow(tui);
    const pi = piFrameState(tui);
    assert(pi !== undefined, "pi-tui no longer has the frame state the comparison reads");
    const state: Record<string, number> = {};
    for (const key of STATE) state[key] = pi[key];
    state.lines = pi.previousLines.length;
    frames.push({
      output: terminal.output,
      columns: terminal.columns,
      rows: terminal.rows,
      flat: tui instanceof FlatTUI && tui.lastFrame.flat,
      state,
    });
    terminal.reset();
  });
  return frames;
}

/**
 * Runs `scenario` on FlatTUI and on pi-tui's TUI, replays both outputs into
 * two terminal emulators and asserts that after every frame they show the
 * same thing (every row, scrollback too, styles and cursor) and that pi-tui's
 * frame state agrees. Returns how many frames FlatFrame drew.
 */
async function assertSameScreens(scenario: Scenario, columns: number, rows: number) {
  const flat = record(scenario, true, columns, rows);
  const plain = record(scenario, false, columns, rows);
  assertEquals(flat.length, plain.length, "both ran the same frames");
  const ours = new Emulator(columns, rows);
  const theirs = new Emulator(columns, rows);
  try {
    for (let i = 0; i < flat.length; i++) {
      const kind = flat[i].flat ? "FlatFrame's" : "pi-tui's";
      for (const [emulator, frame] of [[ours, flat[i]], [theirs, plain[i]]] as const) {
        emulator.resize(frame.columns, frame.rows);
        await emulator.write(frame.output);
      }
      assertEquals(ours.state(), theirs.state(), `frame ${i} (${kind}) shows something else`);
      assertEquals(flat[i].state, plain[i].state, `frame ${i} (${kind}) leaves other frame state`);
    }
  } finally {
    ours.dispose();
    theirs.dispose();
  }
  return { drawn: flat.filter((f) => f.flat).length, frames: flat.length };
}

Deno.test("FlatTUI shows what pi-tui's TUI shows, through every invalidation", async () => {
  const { drawn } = await assertSameScreens(
    (tui, terminal, flat, frame) => {
      const { transcript, setPaint } = themed();
      for (let i = 0; i < 5; i++) fill(transcript, i === 0 ? "t1" : `t1-${i}`);
      tui.addChild(flat ? transcript : plainJoin(transcript));
      // A focused editor below: pi-tui strips its cursor marker in place.
      const editor = new Editor(tui, editorTheme(paintOf(DEFAULT_THEME)));
      tui.addChild(editor);
      tui.setFocus(editor);
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
    },
    80,
    12,
  );
  assert(drawn >= 30, `${drawn} frames drawn by FlatFrame`);
});

/** Lines set from outside, in a new array each render (as pi-tui's own components do). */
class Lines implements Component {
  lines: string[] = [];
  render(): string[] {
    return this.lines.slice();
  }
  invalidate(): void {}
}

Deno.test("FlatTUI shows what pi-tui's TUI shows: scrolling, shrinking, cursor, overlays, resizes", async () => {
  const { drawn, frames } = await assertSameScreens(
    (tui, terminal, flat, frame) => {
      const { transcript } = themed();
      for (let i = 0; i < 3; i++) fill(transcript, `t${i}`);
      tui.addChild(flat ? transcript : plainJoin(transcript));
      const below = new Lines();
      tui.addChild(below);
      const editor = new Editor(tui, editorTheme(paintOf(DEFAULT_THEME)));
      tui.addChild(editor);
      tui.setFocus(editor);
      const last = new Lines();
      tui.addChild(last);
      frame();
      frame(); // nothing changed
      const streaming = transcript.beginAssistant();
      // Lines appended past the bottom of the screen: the terminal scrolls.
      for (let i = 0; i < 12; i++) {
        streaming.append(
          i % 3 === 2 ? "a longer token that wraps at sixty columns, twice\n\n" : "tok ",
        );
        frame();
      }
      below.lines = ["a note", "another note"];
      frame();
      below.lines = ["a note, changed"];
      frame(); // a line changed, one deleted
      below.lines = [];
      frame();
      editor.setText("one\ntwo\nthree");
      frame();
      editor.setText("one");
      frame(); // only deleted lines at the bottom
      editor.handleInput("x");
      frame(); // the cursor moves
      last.lines = ["below the editor", "and more", "and more"];
      frame(); // a change below the cursor
      last.lines = ["below the editor"];
      frame(); // only deleted lines
      editor.setText("one\ntwo");
      editor.handleInput("\x1b[A");
      frame(); // the cursor moves up
      last.lines = ["a full row".padEnd(60, "."), "and one more".padEnd(60, "-")];
      frame(); // rows exactly as wide as the terminal
      last.lines = ["\x1b_Ga=T,f=100,i=7;AAAA\x1b\\"];
      frame(); // an image line: pi-tui's to draw
      last.lines = ["no image"];
      frame();
      streaming.append("tok ");
      frame();
      const overlay = new Lines();
      overlay.lines = ["an overlay"];
      tui.showOverlay(overlay, { width: 20 });
      frame();
      streaming.append("under the overlay ");
      frame();
      tui.hideOverlay();
      frame();
      streaming.append("after it ");
      frame();
      terminal.rows = 12;
      frame();
      streaming.append("taller ");
      frame();
      terminal.rows = 6;
      frame();
      streaming.append("shorter\n\nand a new paragraph ");
      frame();
      tui.requestRender(true);
      frame();
      streaming.append("forced ");
      frame();
      tui.setClearOnShrink(true);
      below.lines = ["x", "y"];
      frame();
      below.lines = [];
      frame(); // shrinks below the working area: a full redraw
      streaming.append("end");
      frame();
    },
    60,
    8,
  );
  assert(drawn >= 20, `${drawn} of ${frames} frames drawn by FlatFrame`);
});

/** A seeded generator, so a failing run can be replayed. */
function random(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

Deno.test("FlatTUI shows what pi-tui's TUI shows over random edits above, in and below the editor", async () => {
  for (const seed of [1, 2, 3]) {
    const { drawn, frames } = await assertSameScreens(
      (tui, terminal, flat, frame) => {
        const pick = random(seed);
        const { transcript } = themed();
        fill(transcript, "t0");
        tui.addChild(flat ? transcript : plainJoin(transcript));
        const middle = new Lines();
        tui.addChild(middle);
        const editor = new Editor(tui, editorTheme(paintOf(DEFAULT_THEME)));
        tui.addChild(editor);
        tui.setFocus(editor);
        const footer = new Lines();
        footer.lines = ["footer"];
        tui.addChild(footer);
        let streaming = transcript.beginAssistant();
        const words = ["tok ", "word ", "x".repeat(40), "\n\n", "a b c "];
        const row = (i: number) => `\x1b[3${i % 8}mrow ${i}\x1b[0m`.padEnd(10 + (i % 35), "~");
        frame();
        for (let step = 0; step < 150; step++) {
          const roll = pick(100);
          if (roll < 40) streaming.append(words[pick(words.length)]);
          else if (roll < 50) {
            const at = pick(middle.lines.length + 1);
            if (pick(2) === 0 && middle.lines.length > 0) middle.lines.splice(at, 1);
            else middle.lines.splice(at, 0, row(step));
          } else if (roll < 62) editor.handleInput(["a", "b", "\x1b[D", "\x1b[A", "\x7f"][pick(5)]);
          else if (roll < 66) {
            editor.setText(["", "one\ntwo\nthree", "a long draft ".repeat(8)][pick(3)]);
          } else if (roll < 74) {
            footer.lines = Array.from({ length: pick(4) }, (_, i) => row(step + i));
          } else if (roll < 80) {
            transcript.addUser(`question ${step}`);
            streaming = transcript.beginAssistant();
          } else if (roll < 83) transcript.tool("t0")?.setExpanded(pick(2) === 0);
          else if (roll < 85) terminal.columns = [40, 52, 40][pick(3)];
          else if (roll < 87) terminal.rows = [10, 14][pick(2)];
          else if (roll < 88) tui.requestRender(true);
          else if (roll < 89) tui.setClearOnShrink(!tui.getClearOnShrink());
          else if (roll < 90) {
            const overlay = new Lines();
            overlay.lines = ["overlay"];
            tui.showOverlay(overlay, { width: 12 });
            frame();
            tui.hideOverlay();
          }
          frame();
        }
      },
      40,
      10,
    );
    assert(drawn >= frames / 2, `seed ${seed}: ${drawn} of ${frames} frames drawn by FlatFrame`);
  }
});

Deno.test("FlatTUI: a streamed token looks at the rows it changed, not the whole transcript", () => {
  const terminal = new MemoryTerminal(80, 10, { keep: false });
  const tui = new FlatTUI(terminal);
  const { transcript } = themed();
  for (let i = 0; i < 50; i++) fill(transcript, `t${i}`);
  tui.addChild(transcript);
  renderNow(tui);
  const total = tui.lastFrame.rows;
  assert(!tui.lastFrame.flat && total > 500, `a first full frame of a long transcript (${total})`);
  const streaming = transcript.beginAssistant();
  for (let i = 0; i < 10; i++) {
    streaming.append(i % 4 === 3 ? "token\n\n" : "token ");
    renderNow(tui);
    assert(tui.lastFrame.flat, `token ${i}: a differential frame`);
    assert(tui.lastFrame.rows <= 4, `token ${i}: looked at ${tui.lastFrame.rows} rows`);
  }
  // Expanding a tool far above the screen: pi-tui redraws everything.
  transcript.tool("t0")?.setExpanded(true);
  renderNow(tui);
  assert(!tui.lastFrame.flat && tui.lastFrame.rows > 500, `${JSON.stringify(tui.lastFrame)}`);
  streaming.append("more");
  renderNow(tui);
  assert(tui.lastFrame.flat && tui.lastFrame.rows <= 4, "differential again after it");
});

Deno.test("FlatTUI cuts a line wider than the terminal instead of letting pi-tui end zot", () => {
  const terminal = new MemoryTerminal(20, 5);
  const tui = new FlatTUI(terminal);
  const wide: Component = {
    render: () => ["fits", "x".repeat(50), "漢字".repeat(15)],
    invalidate() {},
  };
  tui.addChild(wide);
  renderNow(tui); // pi-tui's first frame throws on a line wider than the terminal
  const lines = tui.render(20);
  assertEquals(lines.map((l) => visibleWidth(l) <= 20), [true, true, true]);
  assertEquals(lines[0], "fits");
  assert(lines[1].startsWith("x".repeat(20)), lines[1]);
});

Deno.test("FlatFrame's width check agrees with pi-tui's visibleWidth", () => {
  const { transcript } = themed();
  fill(transcript);
  transcript.beginAssistant().setText("Wide: 你好 and 🎉, a [link](https://x.y) and `code`\tTab");
  const lines = [
    ...transcript.render(60),
    "\x1b[31mred\x1b[0m\x1b]8;;https://x\x07link\x1b]8;;\x07",
    "\x1b[2Kcleared",
    "\x1b]8;;https://x\x1b\\ends with ST\x1b]8;;\x1b\\",
    "\x1b_pi:c\x07marker",
    "tab\there",
    "",
  ];
  for (const line of lines) {
    const width = visibleWidth(line);
    assert(fits(line, width), JSON.stringify(line));
    assert(width === 0 || !fits(line, width - 1), JSON.stringify(line));
  }
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
