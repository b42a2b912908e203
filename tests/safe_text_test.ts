// The one terminal-text rule: nothing that can act on a terminal survives, text stays readable.
import { assert, assertEquals } from "./helpers/assert.ts";
import { safeJson, safeText } from "../src/safe_text.ts";

/** True when `s` still holds a character a terminal would act on. */
function hasControl(s: string): boolean {
  // deno-lint-ignore no-control-regex
  return /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/.test(s);
}

Deno.test("safeText: CSI erases and cursor moves, OSC, DCS and two-character escapes are dropped whole", () => {
  assertEquals(safeText("a\x1b[2K\x1b[1A\x1b[10;1Hb"), "ab");
  assertEquals(safeText("t\x1b]0;owned\x07i\x1b]8;;http://x\x1b\\tle"), "title");
  assertEquals(safeText("d\x1bPq#0;2;0;0;0\x1b\\cs"), "dcs");
  assertEquals(safeText("x\x1b#8\x1bcy\x1b(Bz"), "xyz");
  // An unterminated string sequence ends with its line, not with the rest of the text.
  assertEquals(safeText("a\x1b]0;t\nb", { lines: true }), "a\nb");
});

Deno.test("safeText: C0 (carriage return, backspace, bell), DEL and C1 go; a lone ESC too", () => {
  assertEquals(safeText("you agree\rYOU AGREE"), "you agreeYOU AGREE");
  assertEquals(safeText("ab\b\b\x07\x7fc"), "abc");
  assertEquals(safeText("a\u009b2Kb\u009d0;x\u0085c"), "a2Kb0;xc");
  assertEquals(safeText("end\x1b"), "end");
});

Deno.test("safeText: bidi overrides and isolates are dropped so text reads as it is", () => {
  assertEquals(safeText("invoice\u202egnp.exe"), "invoicegnp.exe");
  assertEquals(safeText("\u2066a\u2067b\u2068c\u2069\u202a\u202b\u202c\u202d"), "abc");
});

Deno.test("safeText: line feeds and tabs only where the sink allows them, colour only when asked", () => {
  assertEquals(safeText("one\ntwo\tthree"), "one two three");
  assertEquals(safeText("one\ntwo\tthree", { lines: true }), "one\ntwo\tthree");
  assertEquals(safeText("\x1b[31mred\x1b[0m"), "red");
  assertEquals(safeText("\x1b[31mred\x1b[0m\x1b[2J", { keepColor: true }), "\x1b[31mred\x1b[0m");
  // Plain text, including other Unicode, is left exactly as it was.
  assertEquals(safeText("grüße → 日本 ✓"), "grüße → 日本 ✓");
});

Deno.test("safeText: no input leaves a control behind (every code point below U+00A0 and the bidi range)", () => {
  let all = "";
  for (let c = 0; c < 0xa0; c++) all += String.fromCharCode(c) + "[";
  for (let c = 0x2000; c < 0x2070; c++) all += String.fromCharCode(c);
  assert(!hasControl(safeText(all)), "a control survived");
  assert(
    // deno-lint-ignore no-control-regex
    !hasControl(safeText(all, { lines: true, keepColor: true }).replace(/\x1b\[[0-9;:]*m/g, "")),
  );
});

Deno.test("safeJson: DEL, C1 and bidi controls are escaped; the value parses back unchanged", () => {
  const value = { note: "a\x1b[2Jb\u009b31mc\u202ed\x7f", list: ["\u2066x"] };
  const text = safeJson(value, 2);
  assert(!hasControl(text), text);
  assertEquals(JSON.parse(text), value);
  assertEquals(safeJson("\u009b"), '"\\u009b"');
});
