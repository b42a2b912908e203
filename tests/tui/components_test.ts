import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import {
  builtinNames,
  ChoiceDialog,
  COLLAPSED_LINES,
  DEFAULT_THEME,
  DIVIDER_LABEL,
  editorLayoutWidth,
  editorTheme,
  FlatTUI,
  formatToolCall,
  isSelectedLine,
  listedExtensionCommands,
  loadMarkdown,
  markdownTheme,
  MemoryTerminal,
  NotesView,
  paintOf,
  PanelView,
  PROGRESS_LINES,
  PromptEditor,
  QUEUE_ROWS,
  QueueView,
  selectListTheme,
  SlashAutocomplete,
  slashSuggestions,
  stableCut,
  StatusBar,
  stripAnsi,
  ToolBlock,
  Transcript,
} from "../../src/tui/mod.ts";
import { visibleWidth } from "@mariozechner/pi-tui";

// Assistant blocks render markdown once its component has loaded (the TUI loads it after its
// first frame).
await loadMarkdown();

const paint = paintOf(DEFAULT_THEME);
const plain = (lines: string[]) => lines.map(stripAnsi);

Deno.test("slash menu: built-ins first, divider, extensions sorted ignoring case; built-ins win", () => {
  const builtins = [{ name: "help", description: "h" }, { name: "model", description: "m" }];
  const ext = [
    { name: "zeta", description: "z" },
    { name: "Help", description: "shadowed" },
    { name: "alpha", description: "a" },
    { name: "Beta", description: "b" },
  ];
  const all = slashSuggestions(builtins, ext, "").map((i) => i.label);
  assertEquals(all, ["/help", "/model", DIVIDER_LABEL, "/alpha", "/Beta", "/zeta"]);
  // Stable on names equal but for case.
  const tie = [{ name: "b", description: "1" }, { name: "B", description: "2" }];
  assertEquals(listedExtensionCommands([], tie).map((c) => c.description), ["1", "2"]);
  // No built-in above: no divider (as the first row it would start selected).
  assertEquals(slashSuggestions(builtins, ext, "AL").map((i) => i.label), ["/alpha"]);
  assertEquals(slashSuggestions(builtins, ext, "e").map((i) => i.label), [
    "/help",
    "/model",
    DIVIDER_LABEL,
    "/Beta",
    "/zeta",
  ]);
  assertEquals(slashSuggestions(builtins, ext, "HE").map((i) => i.label), ["/help"]);
  assertEquals(slashSuggestions(builtins, [], "mo").map((i) => i.label), ["/model"]);
  assertEquals(slashSuggestions(builtins, ext, "nothing"), []);
});

Deno.test("slash menu: a built-in's hidden alias shadows an extension command too", () => {
  const builtins = [{ name: "exit", description: "quit zot", aliases: ["quit"] }];
  const ext = [
    { name: "QUIT", description: "shadowed", extension: "x" },
    { name: "quitter", description: "kept", extension: "x" },
  ];
  assertEquals(builtinNames(builtins), new Set(["exit", "quit"]));
  assertEquals(slashSuggestions(builtins, ext, "qu").map((i) => i.label), ["/quitter"]);
  assertEquals(listedExtensionCommands(builtins, ext).map((c) => c.name), ["quitter"]);
});

Deno.test("slash menu: Enter completes the row the line starts with; the divider and a stale menu change nothing", async () => {
  const menu = new SlashAutocomplete(
    () => [{ name: "model", description: "m" }],
    () => [{ name: "demo", description: "d" }],
    Deno.cwd(),
  );
  const signal = new AbortController().signal;
  const got = await menu.getSuggestions(["/de"], 0, 3, { signal });
  const items = got!.items;
  assertEquals(items.map((i) => i.label), ["/model", DIVIDER_LABEL, "/demo"]);
  // Values carry the slash: the editor preselects the first one "/de" starts.
  assertEquals(items.findIndex((i) => i.value.startsWith("/de")), 2);
  assertEquals(menu.applyCompletion(["/de"], 0, 3, items[2], "/de"), {
    lines: ["/demo "],
    cursorLine: 0,
    cursorCol: 6,
  });
  // The divider: the line stays, and the submit handler hears of it for this key only.
  assertEquals(menu.applyCompletion(["/de"], 0, 3, items[1], "/de").lines, ["/de"]);
  assert(menu.choseDivider());
  await Promise.resolve();
  assert(!menu.choseDivider());
  // Keys typed faster than the menu updated: it was for "/de", the line is "/demo x" now.
  assertEquals(menu.applyCompletion(["/demo x"], 0, 7, items[0], "/de").lines, ["/demo x"]);
  assert(!menu.choseDivider());
});

Deno.test("notes: one line per note, [ext] prefix, level colours, clear only the owner's", () => {
  const notes = new NotesView(paint);
  notes.add("a", "info", "one\ntwo\n\n");
  notes.add("b", "error", "bad");
  notes.add("a", "success", "good");
  const lines = notes.render(60);
  assertEquals(plain(lines), ["", "[a] one", "[a] two", "[b] bad", "[a] good"]);
  assertStringIncludes(lines[3], paint.error("bad"));
  assertStringIncludes(lines[4], paint.success("good"));
  assertStringIncludes(lines[1], paint.muted("one"));
  notes.clear("a");
  assertEquals(plain(notes.render(60)), ["", "[b] bad"]);
  notes.clear("nobody");
  assertEquals(notes.notes.length, 1);
  notes.clear();
  assertEquals(notes.render(60), []);
});

Deno.test("notes: a label shows in the prefix, the owner is what clear goes by", () => {
  const notes = new NotesView(paint);
  notes.add("ext", "info", "pong", "demo");
  notes.add("other", "info", "kept", "ext");
  assertEquals(plain(notes.render(60)), ["", "[demo] pong", "[ext] kept"]);
  notes.clear("demo");
  assertEquals(notes.notes.length, 2);
  notes.clear("ext");
  assertEquals(plain(notes.render(60)), ["", "[ext] kept"]);
});

Deno.test("panel: the extension's name and title, selected rows, footer, closing rule", () => {
  const panel = new PanelView(paint, "todo", "p1", {
    lines: ["  ▸ first ✓", "second ✓", "\u200binvisible marker", "\x1b[31mred as given\x1b[0m"],
    footer: "esc closes",
  });
  const lines = panel.render(40);
  const text = plain(lines);
  assert(text[1].startsWith("── [todo] ─"), text[1]);
  assertEquals(text[2].trimEnd(), "  ▸ first ✓");
  assertEquals(visibleWidth(lines[2]), 40);
  assertStringIncludes(lines[2], paint.success("✓"));
  assertStringIncludes(lines[3], paint.success("✓"));
  assertEquals(text[4].trimEnd(), "invisible marker");
  assertStringIncludes(lines[5], "\x1b[31mred as given");
  assertEquals(text.slice(6), ["", "esc closes", "─".repeat(40)]);
  assert(isSelectedLine("● x") && isSelectedLine("\u200bx") && !isSelectedLine("x ▸ y"));
  panel.update({ title: "", lines: ["only"] });
  assertEquals(plain(panel.render(40)).slice(1, 4), [
    "── [todo] " + "─".repeat(30),
    "only",
    "─".repeat(40),
  ]);
  panel.update({ title: "Tasks", lines: [] });
  assert(plain(panel.render(40))[1].startsWith("── [todo] Tasks ─"));
});

Deno.test("panel: the header always names the owner, whatever the title pretends", () => {
  const spoof = "zot \u2014 Your Anthropic API key was rejected";
  const titles = ["zot", spoof, "] zot [", "\r── zot ──", "\x1b[2K\rzot", "x\n── zot ──"];
  for (const title of titles) {
    const panel = new PanelView(paint, "evil", "p", { title, lines: ["Paste a new key:"] });
    const rows = plain(panel.render(80));
    assert(rows[1].startsWith("── [evil] "), rows[1]);
    assert(rows.every((r) => !r.includes("\n")), JSON.stringify(rows));
    panel.update({ title, lines: [] });
    assert(plain(panel.render(80)).every((r) => !r.includes("\n")), "after panel_render");
    panel.update({ title: "zot", lines: [] });
    assert(plain(panel.render(80))[1].startsWith("── [evil] zot "), "after panel_render");
  }
});

Deno.test("tool block: arguments in the header, long results collapsed, expandable", () => {
  const block = new ToolBlock(paint, "t1", "bash", { command: "ls -la" });
  assertEquals(plain(block.render(60)), ["", "○ bash(command=ls -la)"]);
  const result = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n");
  block.setResult(result, false);
  const collapsed = plain(block.render(60));
  assertEquals(collapsed.length, 2 + COLLAPSED_LINES + 1);
  assertEquals(collapsed[2], "  ⎿ line 0");
  assertStringIncludes(collapsed.at(-1)!, "12 more lines");
  block.setExpanded(true);
  assertEquals(plain(block.render(60)).length, 2 + 20);
  for (const line of block.render(12)) assert(visibleWidth(line) <= 12, line);
});

Deno.test("tool block: collapsed by screen rows, one long line too; wrapped rows indented under ⎿", () => {
  const block = new ToolBlock(paint, "t1", "bash", { command: "cat min.js" });
  block.setResult("y".repeat(100_000), false);
  const collapsed = plain(block.render(40));
  assertEquals(collapsed.length, 2 + COLLAPSED_LINES + 1);
  assertEquals(collapsed[2], "  ⎿ " + "y".repeat(36));
  for (const row of collapsed.slice(3, -1)) assertEquals(row, "    " + "y".repeat(36));
  assertStringIncludes(plain(block.render(60)).at(-1)!, "the line goes on (ctrl+o to expand)");
  // A long line, then more: the cut line counts as one more.
  block.setResult(["x".repeat(400), "second", "third"].join("\n"), false);
  assertStringIncludes(plain(block.render(40)).at(-1)!, "… 3 more lines");
  block.setResult(["a", "b", "c", "d", "e", "f", "g", "h", "i"].join("\n"), false);
  assertStringIncludes(plain(block.render(40)).at(-1)!, "… 1 more line (");
  block.setExpanded(true);
  block.setResult("z".repeat(360), false);
  const expanded = plain(block.render(40));
  assertEquals(expanded.length, 2 + 10);
  assert(expanded.slice(3).every((row) => row.startsWith("    z")), expanded.join("\n"));
});

Deno.test("tool block: a running call shows the tail of its streamed output, carriage returns redraw a line", () => {
  const block = new ToolBlock(paint, "t1", "bash", { command: "build" });
  // Chunks end mid-line, as a pipe delivers them.
  const output = Array.from({ length: 3000 }, (_, i) => `${i + 1}`).join("\n") + "\n";
  for (let i = 0; i < output.length; i += 1000) block.appendProgress(output.slice(i, i + 1000));
  const running = plain(block.render(60));
  assertEquals(running.slice(2), ["  ⎿ 2996", "    2997", "    2998", "    2999", "    3000"]);
  assertEquals(running.length, 2 + PROGRESS_LINES);
  block.appendProgress("downloading 10%\rdownloading 55%");
  block.appendProgress("\rdownloading 90%");
  assertEquals(plain(block.render(60)).at(-1), "    downloading 90%");
  block.setResult("done", false);
  assertEquals(plain(block.render(60)).slice(2), ["  ⎿ done"]);
});

Deno.test("tool call header: whitespace in values collapsed and trimmed", () => {
  assertEquals(
    formatToolCall("write", { path: "a.txt", content: "hello\nworld\n" }),
    "write(path=a.txt, content=hello world)",
  );
});

Deno.test("transcript: user, assistant markdown with highlighted code, load errors until cleared", () => {
  const t = new Transcript(paint, markdownTheme(paint));
  t.addUser("hello");
  const a = t.beginAssistant();
  a.append("Some **bold**");
  a.append(" text\n\n```ts\nconst x = 1;\n```\n");
  t.addLoadErrors(["Extension x failed to start.\nerror: boom"]);
  const lines = t.render(50);
  const text = plain(lines).join("\n");
  assertStringIncludes(text, "› hello");
  assertStringIncludes(text, "Some bold text");
  assertStringIncludes(text, "const x = 1;");
  assertStringIncludes(lines.join("\n"), paint.syntax.keyword("const"));
  assertStringIncludes(text, "✖ Extension x failed to start.\n  error: boom");
  t.clearLoadErrors();
  assert(!plain(t.render(50)).join("\n").includes("✖"));
});

Deno.test("streamed markdown: cut after finished paragraphs, never inside a code fence", () => {
  assertEquals(stableCut("one"), 0);
  assertEquals(stableCut("one\n\ntwo"), 5);
  assertEquals(stableCut("one\n\n```\na\n\nb\n"), 5);
  assertEquals(stableCut("one\n\n```\na\n\nb\n```\n\nafter"), 19);
  const t = new Transcript(paint, markdownTheme(paint));
  const streamed = t.beginAssistant();
  const text = "# Title\n\nFirst paragraph.\n\n```py\nx = 1\n\ny = 2\n```\n\nLast *words*.";
  for (const ch of text) streamed.append(ch);
  const whole = new Transcript(paint, markdownTheme(paint));
  whole.beginAssistant().setText(text);
  const a = plain(t.render(60)).filter((l) => l.trim() !== "");
  const b = plain(whole.render(60)).filter((l) => l.trim() !== "");
  assertEquals(a, b);
});

Deno.test("components: no line wider than the terminal at any width (pi-tui stops the TUI on one)", () => {
  const dialog = new ChoiceDialog(paint, selectListTheme(paint), {
    title: "Run bash (from extension a-rather-long-extension-name)?",
    lines: ["rm -rf build && make all", "- old line", "+ new line"],
    choices: [
      { value: "once", label: "yes (run this call)" },
      { value: "model", label: "claude-sonnet-4-6", description: "200k context" },
    ],
  });
  const collapsed = new ToolBlock(paint, "t1", "bash", { command: "seq 1 100" });
  collapsed.setResult(Array.from({ length: 100 }, (_, i) => `${i}`).join("\n"), false);
  const running = new ToolBlock(paint, "t2", "bash", { command: "build" });
  running.appendProgress("compiling 日本語のファイル 🎉🎉🎉 and more\nlinking\n");
  const notes = new NotesView(paint);
  notes.add("日本語の拡張機能", "info", "a note from an extension with a wide name");
  notes.add("emoji🎉🎉🎉", "warn", "short");
  notes.add("x", "error", "界".repeat(40));
  const panel = new PanelView(paint, "todo", "p1", {
    title: "Todos (2 open) — a long title",
    lines: ["▸ ☐ write the tests 日本語", "  ✓ ship it"],
    footer: "↑/↓ move · x/enter toggle · d delete · esc close",
  });
  const status = new StatusBar(paint, {
    model: "anthropic/claude-opus-4-7",
    cwd: "~/projects/zot",
    costUsd: 0.1234,
    jailed: false,
    yolo: true,
    activity: "⠋ working… (esc to abort)",
    queued: 2,
  });
  status.setMessage("aborted; 2 queued prompts are back in the editor", "info");
  const parts = { dialog, collapsed, running, notes, panel, status };
  for (let width = 1; width <= 60; width++) {
    for (const [name, part] of Object.entries(parts)) {
      for (const line of part.render(width)) {
        assert(visibleWidth(line) <= width, `${name} at ${width}: ${JSON.stringify(line)}`);
      }
    }
  }
});

Deno.test("status bar: a long directory gives way, so jail and confirmation state stay in view", () => {
  const status = new StatusBar(paint, {
    model: "anthropic/claude-opus-4-7",
    cwd: "/tmp/zot-home-3be79dd0125592de/some/deep/project",
    context: 0.42,
    costUsd: 0.0003,
    jailed: false,
    yolo: true,
    activity: "⠹ working… (esc to abort)",
    queued: 0,
  });
  const line = stripAnsi(status.render(100).at(-1)!);
  assert(visibleWidth(line) <= 100, line);
  for (const part of ["anthropic/claude-opus-4-7", "ctx 42%", "$0.0003", "unjailed · yolo"]) {
    assert(line.includes(part), `${part} in ${JSON.stringify(line)}`);
  }
  assert(line.includes("…") && line.includes("project ·"), line);
  // With room, the whole directory shows.
  assert(stripAnsi(status.render(200).at(-1)!).includes("/tmp/zot-home-3be79dd0125592de/"));
});

Deno.test("prompt editor: wide characters in a terminal 1 to 3 columns wide draw nothing instead of overflowing the stack", () => {
  const tui = new FlatTUI(new MemoryTerminal(40, 10));
  for (const paddingX of [0, 1, 2]) {
    const editor = new PromptEditor(tui, editorTheme(paint), { paddingX });
    editor.setText("日本語の入力テスト🎉🎉 and more");
    for (let width = 1; width <= 12; width++) {
      const lines = editor.render(width);
      for (const line of lines) assert(visibleWidth(line) <= width, `${width}: ${line}`);
      // Drawn as soon as a wide character fits.
      assertEquals(lines.length > 0, editorLayoutWidth(width, paddingX) >= 2, `${width}`);
    }
    assertEquals(editor.getText(), "日本語の入力テスト🎉🎉 and more");
  }
});

Deno.test("queue view: one row per queued prompt, oldest first, on one line each; the rest counted", () => {
  const queue = new QueueView(paint);
  assertEquals(queue.render(40), []);
  queue.set(["first\nprompt", "second"]);
  assertEquals(plain(queue.render(40)), ["⏵ queued: first prompt", "⏵ queued: second"]);
  const same = queue.render(40);
  queue.set(["first\nprompt", "second"]);
  assert(queue.render(40) === same, "unchanged: the same lines");
  queue.set(Array.from({ length: QUEUE_ROWS + 2 }, (_, i) => `p${i}`));
  assertEquals(plain(queue.render(40)).at(-1), "  … and 2 more");
  for (const line of queue.render(8)) assert(visibleWidth(line) <= 8, line);
  queue.set([]);
  assertEquals(queue.render(40), []);
});
