import { assertEquals } from "../../helpers/assert.ts";
import { fake, hostWith, RecordingUi } from "./fake_channel.ts";

Deno.test("notify, clear_notes, submit, submit_slash and panels reach the UI", async () => {
  const ui = new RecordingUi(true);
  const ext = fake("x", [{ type: "register_command", name: "Deploy" }]);
  const host = await hostWith([ext], { ui });
  ext.push({ type: "notify", level: "shout", message: "hi" });
  ext.push({ type: "notify", message: "plain" });
  ext.push({ type: "clear_notes" });
  ext.push({ type: "submit", text: "  explain this repository briefly  " });
  ext.push({ type: "submit", text: "   " });
  ext.push({ type: "submit_slash", text: " /deploy  now please " });
  ext.push({ type: "submit_slash", text: "deploy" });
  ext.push({ type: "open_panel", panel: { id: "p", title: "T", lines: ["a"], footer: "f" } });
  ext.push({ type: "panel_render", panel_id: "p", lines: ["b"] });
  ext.push({ type: "panel_close", panel_id: "p" });
  assertEquals(ui.calls, [
    ["notify", "x", "shout", "hi"],
    ["notify", "x", "info", "plain"],
    ["clearNotes", "x"],
    ["submit", "x", "explain this repository briefly"],
    ["runCommand", "x", "Deploy", "now please"],
    ["openPanel", "x", { id: "p", title: "T", lines: ["a"], footer: "f" }],
    ["renderPanel", "x", { id: "p", title: undefined, lines: ["b"], footer: undefined }],
    ["closePanel", "x", "p"],
  ]);
  assertEquals(ext.logs, [
    `extension "x" sent submit_slash "deploy", which is not a slash command (send "/<command> [args]")`,
  ]);
  await host.stop();
});

Deno.test("panel keys and closes go to the owning extension", async () => {
  const ext = fake("x");
  const host = await hostWith([ext]);
  assertEquals(host.sendPanelKey("x", "p", "rune", "y"), true);
  assertEquals(host.sendPanelKey("x", "p", "down"), true);
  assertEquals(host.sendPanelClose("x", "p"), true);
  assertEquals(host.sendPanelKey("ghost", "p", "up"), false);
  assertEquals(ext.sent, [
    { type: "panel_key", panel_id: "p", key: "rune", text: "y" },
    { type: "panel_key", panel_id: "p", key: "down" },
    { type: "panel_close", panel_id: "p" },
  ]);
  await host.stop();
});
