import { assertEquals } from "../helpers/assert.ts";
import type { PanelSpec } from "../../src/protocol/frames.ts";
import { EXAMPLES, load, resultText, runTool } from "./harness.ts";

Deno.test("example ask: an interactive tool answered, dismissed and cancelled through a panel", async () => {
  await using env = await load([`${EXAMPLES}ask`]);
  const { host, ui } = env;
  const opened = async () => {
    const call = await ui.waitFor((c) => c.op === "openPanel", "the question panel");
    ui.clear();
    const spec = call.args[0] as PanelSpec;
    return spec;
  };

  // A choice: down, enter.
  const choice = runTool(host, "ask_user", { question: "Deploy?", choices: ["no", "yes"] }, {
    interactive: true,
  });
  const first = await opened();
  assertEquals([first.title, first.lines], ["Deploy?", ["▸ no", "  yes"]]);
  host.sendPanelKey("ask", first.id, "down");
  await ui.waitFor((c) => c.op === "renderPanel", "the selection to move");
  host.sendPanelKey("ask", first.id, "enter");
  const answered = await choice;
  assertEquals([resultText(answered), answered.isError ?? false], [
    "The user answered: yes",
    false,
  ]);
  await ui.waitFor((c) => c.op === "closePanel" && c.args[0] === first.id, "the panel to close");
  ui.clear();

  // A typed answer.
  const free = runTool(host, "ask_user", { question: "Name?" }, { interactive: true });
  const second = await opened();
  for (const ch of "Ada") host.sendPanelKey("ask", second.id, "rune", ch);
  await ui.waitFor(
    (c) => c.op === "renderPanel" && (c.args[0] as PanelSpec).lines?.[0] === "> Ada█",
    "the typed text",
  );
  host.sendPanelKey("ask", second.id, "enter");
  assertEquals(resultText(await free), "The user answered: Ada");
  ui.clear();

  // Dismissed with Esc: the host closes its view and tells the extension.
  const dismissed = runTool(host, "ask_user", { question: "Sure?", choices: ["y"] }, {
    interactive: true,
  });
  const third = await opened();
  host.sendPanelClose("ask", third.id);
  const d = await dismissed;
  assertEquals([resultText(d), d.isError], [
    "The user dismissed the question without answering",
    true,
  ]);

  // Cancelled by the host: the extension closes its panel.
  const abort = new AbortController();
  const cancelled = runTool(host, "ask_user", { question: "Wait?", choices: ["a"] }, {
    interactive: true,
    signal: abort.signal,
  });
  const fourth = await opened();
  abort.abort();
  const c = await cancelled;
  assertEquals([c.isError, c.outcome], [true, "cancelled"]);
  await ui.waitFor(
    (x) => x.op === "closePanel" && x.args[0] === fourth.id,
    "the cancelled panel to close",
  );
});
