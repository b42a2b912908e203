/**
 * The `/login` key dialog: what is typed or pasted is never drawn, the keys a terminal sends
 * (plain bytes, kitty protocol, bracketed paste) all reach the key, Esc and Ctrl+C cancel.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { DEFAULT_THEME, paintOf, SecretDialog } from "../../src/tui/mod.ts";

const paint = paintOf(DEFAULT_THEME);

function dialog(): { d: SecretDialog; result: { value?: string; cancelled: boolean } } {
  const result: { value?: string; cancelled: boolean } = { cancelled: false };
  const d = new SecretDialog(paint, { title: "API key for anthropic", lines: ["Paste it"] });
  d.onDone = (v) => result.value = v;
  d.onCancel = () => result.cancelled = true;
  return { d, result };
}

Deno.test("secret dialog: typed keys are counted, never drawn", () => {
  const { d, result } = dialog();
  for (const ch of "sk-SECRET") d.handleInput(ch);
  const screen = d.render(60).join("\n");
  assert(!screen.includes("SECRET"), screen);
  assertStringIncludes(screen, "(hidden, 9 characters)");
  d.handleInput("\r");
  assertEquals(result.value, "sk-SECRET");
});

Deno.test("secret dialog: a bracketed paste and kitty-protocol letters reach the key", () => {
  const { d, result } = dialog();
  d.handleInput("\x1b[200~sk-PASTED\x1b[201~");
  assert(!d.render(60).join("\n").includes("PASTED"));
  d.handleInput("\x1b[120u"); // "x" under the kitty keyboard protocol
  d.handleInput("\x7f");
  d.handleInput("\x1b[122u"); // "z"
  d.handleInput("\r");
  assertEquals(result.value, "sk-PASTEDz");
});

Deno.test("secret dialog: Esc and Ctrl+C cancel", () => {
  for (const key of ["\x1b", "\x03"]) {
    const { d, result } = dialog();
    d.handleInput("sk");
    d.handleInput(key);
    assertEquals(result, { cancelled: true });
  }
});
