/**
 * The TUI's own sinks for extension text make it safe themselves: the status line (command errors,
 * unknown actions) and the prompt editor (an `insert` answer, a queued prompt given back). Each
 * payload would change the window title, recolour the screen or move the cursor if it got through.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import {
  DEFAULT_THEME,
  editorTheme,
  FlatTUI,
  MemoryTerminal,
  paintOf,
  PromptEditor,
  StatusBar,
} from "../../src/tui/mod.ts";

const paint = paintOf(DEFAULT_THEME, { color: false });

const PAYLOADS = [
  ["window title (OSC, BEL)", "a\x1b]2;PWNTITLE\x07b"],
  ["colour (SGR)", "a\x1b[31mRED\x1b[0mb"],
  ["erase line and return (CSI, CR)", "a\x1b[2K\rb"],
  ["C1 CSI", "a\u009b31mb"],
  ["bidi override", "a\u202eb"],
] as const;

// deno-lint-ignore no-control-regex
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

Deno.test("status bar: a message from an extension cannot act on the terminal", () => {
  const status = new StatusBar(paint, {
    model: "m",
    cwd: "~",
    costUsd: 0,
    jailed: false,
    yolo: true,
    activity: "",
    queued: 0,
  });
  for (const [what, payload] of PAYLOADS) {
    status.setMessage(`extension /x: ${payload}`, "error");
    const [line] = status.render(80);
    assert(!UNSAFE.test(line), `${what}: ${JSON.stringify(line)}`);
    assert(line.includes("extension /x: a"), `${what}: ${JSON.stringify(line)}`);
    assertEquals(status.message.includes("\x1b"), false, what);
  }
});

Deno.test("prompt editor: inserted and set text arrive without escapes, line feeds kept", () => {
  const tui = new FlatTUI(new MemoryTerminal(80, 10));
  const editor = new PromptEditor(tui, editorTheme(paint), { paddingX: 1 });
  for (const [what, payload] of PAYLOADS) {
    editor.setText("");
    editor.insertTextAtCursor(`${payload}\nnext`);
    const inserted = editor.getText();
    assert(!UNSAFE.test(inserted), `insert, ${what}: ${JSON.stringify(inserted)}`);
    assert(inserted.endsWith("b\nnext"), `insert, ${what}: ${JSON.stringify(inserted)}`);
    editor.setText(payload);
    const set = editor.getText();
    assert(!UNSAFE.test(set), `setText, ${what}: ${JSON.stringify(set)}`);
    for (const line of editor.render(80)) {
      assert(!line.includes("PWNTITLE\x07") && !line.includes("\x1b]"), JSON.stringify(line));
    }
  }
});
