import { assertEquals } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { tempZot } from "../helpers/tmp.ts";
import { installExtension } from "../../src/extensions/manage/install.ts";
import { EXAMPLES, load, resultText, runTool } from "./harness.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("example scratchpad (Python SDK): commands, tools and notes in the data dir", async () => {
  // A plain extension's data dir is its own dir: run a copy, not the repo.
  await using tmp = await tempDir();
  const dir = `${tmp.path}/scratchpad`;
  await new Deno.Command("cp", { args: ["-R", `${EXAMPLES}scratchpad`, dir] }).output();
  await using env = await load([dir]);
  const { host, ui } = env;
  const empty = await host.invokeCommand("note", "  ");
  assertEquals(empty.ok && empty.error, "usage: /note <text>");
  assertEquals((await host.invokeCommand("note", "buy milk")).ok, true);
  const added = await runTool(host, "add_note", { text: "call Ada" });
  assertEquals(resultText(added), "added; the pad now has 2 notes");
  assertEquals(resultText(await runTool(host, "read_notes", {})), "1. buy milk\n2. call Ada");
  const list = await host.invokeCommand("notes", "");
  assertEquals(list.ok && list.display, "1. buy milk\n2. call Ada");
  assertEquals(
    await Deno.readTextFile(`${dir}/notes.jsonl`),
    '{"text": "buy milk"}\n{"text": "call Ada"}\n',
  );
  const cleared = await host.invokeCommand("clear-notes", "");
  assertEquals(cleared.ok && cleared.display, "the pad is empty");
  await ui.waitFor((c) => c.op === "notify" && c.args[1] === "scratchpad cleared", "the note");
  assertEquals(resultText(await runTool(host, "read_notes", {})), "(no notes yet)");
});

Deno.test("example scratchpad carries the current Python SDK", async () => {
  assertEquals(
    await Deno.readTextFile(`${EXAMPLES}scratchpad/zot_ext.py`),
    await Deno.readTextFile(`${ROOT}sdk/python/zot_ext.py`),
  );
});

Deno.test("example scratchpad: notes kept while running from a checkout are not installed", async () => {
  await using tmp = await tempDir();
  const dir = `${tmp.path}/scratchpad`;
  await new Deno.Command("cp", { args: ["-R", `${EXAMPLES}scratchpad`, dir] }).output();
  await Deno.writeTextFile(`${dir}/notes.jsonl`, '{"text": "private"}\n');
  await using zot = await tempZot();
  const installed = await installExtension(dir, { paths: zot.paths, yes: true, log: () => {} });
  const names = [];
  for await (const e of Deno.readDir(installed.dir)) names.push(e.name);
  assertEquals(names.sort(), [
    ".gitignore",
    "README.md",
    "extension.json",
    "main.py",
    "zot_ext.py",
  ]);
});
