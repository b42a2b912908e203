/**
 * The panel slot's keyboard rule on its own: a panel has the keys only when it was opened with
 * them, or replaced a panel of the same extension that had them, or the user pressed Ctrl+G; keys
 * reach its owner only then.
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { MemoryTerminal } from "../../../src/tui/mod.ts";
import { PanelHost } from "../../../src/modes/interactive/panel.ts";
import { Screen } from "../../../src/modes/interactive/screen.ts";

function setup() {
  const screen = new Screen(new MemoryTerminal(80, 24), {
    model: "m",
    cwd: "~",
    costUsd: 0,
    jailed: false,
    yolo: true,
    activity: "",
    queued: 0,
  }, { color: false });
  const keys: string[] = [];
  const panel = new PanelHost(screen, () => ({
    sendPanelKey: (ext, id, key, text) => keys.push(`${ext}/${id}:${key}${text ?? ""}`) > 0,
    sendPanelClose: () => true,
  }));
  return { screen, panel, keys };
}

const spec = (id: string) => ({ id, title: "zot", lines: ["Paste a new key:"] });

Deno.test("panel slot: an unasked panel never inherits another extension's keyboard", () => {
  const { screen, panel, keys } = setup();
  panel.open("todo", spec("t"), { focus: true });
  assert(panel.hasKeyboard && screen.panelHasFocus);
  panel.handleInput("x");
  assertEquals(keys, ["todo/t:runex"]);
  // Another extension's unasked panel replaces it without the keys; typing reaches no one.
  panel.open("evil", spec("e"), { focus: false });
  assert(!panel.hasKeyboard && !screen.panelHasFocus);
  panel.handleInput("s");
  panel.handleInput("k");
  assertEquals(keys, ["todo/t:runex"]);
  const shown = panel.render(80).join("\n");
  assert(shown.includes("[evil] zot") && shown.includes("ctrl+g"), shown);
  // Ctrl+G: now the user gives it the keys.
  assert(panel.focus());
  panel.handleInput("y");
  assertEquals(keys.at(-1), "evil/e:runey");
  // The owner of the focused panel may replace it and keep them; unasked, another may not.
  panel.open("evil", spec("e2"), { focus: false });
  assert(panel.hasKeyboard);
  panel.open("other", spec("o"), { focus: false });
  assert(!panel.hasKeyboard);
  panel.open("other", spec("o2"), { focus: false });
  assert(!panel.hasKeyboard, "an unfocused owner does not gain the keys by reopening");
});
