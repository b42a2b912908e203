import { assertEquals } from "../helpers/assert.ts";
import { EXAMPLES, load, resultText, runTool } from "./harness.ts";

Deno.test("example todo: commands, panel keys with redraws, the tool, and todos.json", async () => {
  await using env = await load([`${EXAMPLES}todo`]);
  const { host, ui } = env;
  for (const item of ["milk", "eggs"]) {
    const r = await host.invokeCommand("todo", `add ${item}`);
    assertEquals(r.ok && r.display, `added: ${item}`);
  }
  const open = await host.invokeCommand("todo", "");
  assertEquals(open.ok && open.action === "open_panel" ? open.panel : open, {
    id: "todos",
    title: "Todos (2 open)",
    lines: ["▸ ☐ milk", "  ☐ eggs"],
    footer: "↑/↓ move · x/enter toggle · d delete · esc close",
  });
  const rendered = async (lines: string[], what: string) => {
    const call = await ui.waitFor(
      (c) => c.op === "renderPanel" && JSON.stringify(c.args[0]).includes(JSON.stringify(lines)),
      what,
    );
    assertEquals(call.ext, "todo");
  };
  host.sendPanelKey("todo", "todos", "down");
  await rendered(["  ☐ milk", "▸ ☐ eggs"], "the selection to move down");
  host.sendPanelKey("todo", "todos", "rune", "x");
  await rendered(["  ☐ milk", "▸ ✓ eggs"], "eggs to be done");

  const added = await runTool(host, "todo_manage", { action: "add", text: "bread" });
  assertEquals(resultText(added), "1. [ ] milk\n2. [x] eggs\n3. [ ] bread");
  await rendered(["  ☐ milk", "▸ ✓ eggs", "  ☐ bread"], "the panel to follow the tool");
  const bad = await runTool(host, "todo_manage", { action: "remove", index: 9 });
  assertEquals([resultText(bad), bad.isError], ["No item 9 (the list has 3)", true]);

  host.sendPanelKey("todo", "todos", "rune", "d");
  await rendered(["  ☐ milk", "▸ ☐ bread"], "eggs to be deleted");
  const saved = JSON.parse(await Deno.readTextFile(`${env.paths.extensionData}/todo/todos.json`));
  assertEquals(saved, [{ text: "milk", done: false }, { text: "bread", done: false }]);
});
