import { assertEquals } from "../helpers/assert.ts";
import { SwitchableUi } from "../../src/modes/common/switch_ui.ts";
import { SILENT_UI } from "../../src/extensions/ui.ts";

Deno.test("a switchable UI replays notes from before the TUI attached, then forwards", () => {
  const ui = new SwitchableUi(true);
  ui.notify("a", "info", "early");
  ui.clearNotes("a");
  const seen: string[] = [];
  ui.attach({
    ...SILENT_UI,
    notify: (ext, level, msg) => seen.push(`${ext} ${level} ${msg}`),
    clearNotes: (ext) => seen.push(`clear ${ext}`),
  });
  ui.notify("b", "warn", "late");
  assertEquals(seen, ["a info early", "clear a", "b warn late"]);
  assertEquals(ui.interactive, true);
});
