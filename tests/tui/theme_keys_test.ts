import { assert, assertEquals } from "../helpers/assert.ts";
import {
  DEFAULT_THEME,
  NotesView,
  paintOf,
  panelKeyOf,
  parseColor,
  parseThemeJson,
  sanitize,
} from "../../src/tui/mod.ts";

Deno.test("theme.json: colour forms, dark overrides, bad values reported and skipped", () => {
  assertEquals(parseColor(33), 33);
  assertEquals(parseColor("#ff8000"), { r: 255, g: 128, b: 0 });
  assertEquals(parseColor({ mode: "256", index: 7 }), 7);
  assertEquals(parseColor({ mode: "rgb", r: 1, g: 2, b: 3 }), { r: 1, g: 2, b: 3 });
  assertEquals(parseColor("blue"), undefined);
  assertEquals(parseColor(300), undefined);
  const r = parseThemeJson(
    JSON.stringify({
      name: "nord",
      accent: 1,
      colors: { muted: 2, error: "nope", dark: { accent: 3 }, light: { accent: 99 } },
      syntax: { keyword: "#81a1c1 bold" },
    }),
    "fallback",
  );
  assert(r.value);
  assertEquals(r.value.name, "nord");
  assertEquals(r.value.colors.accent, 3);
  assertEquals(r.value.colors.muted, 2);
  assertEquals(r.value.colors.error, DEFAULT_THEME.colors.error);
  assertEquals(r.value.syntax.keyword, { r: 0x81, g: 0xa1, b: 0xc1 });
  assertEquals(r.diagnostics, [`colour "error" is not a valid colour (skipped)`]);
  assertEquals(parseThemeJson("{}", "x").value?.name, "x");
  assert(parseThemeJson("{", "x").value === undefined);
});

Deno.test("panel keys: named keys, runes with text, unknown for control keys", () => {
  assertEquals(panelKeyOf("\x1b[A"), { key: "up" });
  assertEquals(panelKeyOf("\x1b[B"), { key: "down" });
  assertEquals(panelKeyOf("\x1b[C"), { key: "right" });
  assertEquals(panelKeyOf("\x1b[D"), { key: "left" });
  assertEquals(panelKeyOf("\r"), { key: "enter" });
  assertEquals(panelKeyOf("\t"), { key: "tab" });
  assertEquals(panelKeyOf("\x7f"), { key: "backspace" });
  assertEquals(panelKeyOf("\x1b[3~"), { key: "delete" });
  assertEquals(panelKeyOf("\x1b[5~"), { key: "pageup" });
  assertEquals(panelKeyOf("\x1b[6~"), { key: "pagedown" });
  assertEquals(panelKeyOf("\x1b[H"), { key: "home" });
  assertEquals(panelKeyOf("\x1b[F"), { key: "end" });
  // What tmux and screen send for Home and End.
  assertEquals(panelKeyOf("\x1b[1~"), { key: "home" });
  assertEquals(panelKeyOf("\x1b[4~"), { key: "end" });
  assertEquals(panelKeyOf("x"), { key: "rune", text: "x" });
  assertEquals(panelKeyOf("é"), { key: "rune", text: "é" });
  assertEquals(panelKeyOf(" "), { key: "rune", text: " " });
  assertEquals(panelKeyOf("\x01"), { key: "unknown" });
  assertEquals(panelKeyOf("\x1b[15~"), { key: "unknown" });
});

Deno.test("sanitize: drops cursor moves, clears, OSC and controls; keeps colours only when asked", () => {
  const hostile = "a\x1b[2J\x1b[10;1Hb\x1b]0;title\x07c\x1b[31md\x1b[0m\x07\r\te";
  assertEquals(sanitize(hostile), "abcd    e");
  assertEquals(sanitize(hostile, { keepColor: true }), "abc\x1b[31md\x1b[0m    e");
  assertEquals(sanitize("line1\nline2"), "line1\nline2");
  const notes = new NotesView(paintOf(DEFAULT_THEME, { color: false }));
  notes.add("ev\x1b[2Jil", "info", "x\x1b[Hy");
  assertEquals(notes.render(40), ["", "[evil] xy"]);
});

Deno.test("theme.json: spinner frames and interval, invalid interval falls back to 80 ms", () => {
  const t = parseThemeJson(
    JSON.stringify({ spinner_frames: ["a", 1, "b"], spinner_interval_ms: 5 }),
    "s",
  );
  assertEquals(t.value?.spinner, { frames: ["a", "b"], intervalMs: 80 });
  assertEquals(parseThemeJson("{}", "s").value?.spinner, undefined);
});
