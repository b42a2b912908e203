import { assert, assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { until } from "../../helpers/wait.ts";
import { startZotTui } from "./zot_tmux.ts";

Deno.test("tui: /theme lists user and extension themes and saves the choice", async () => {
  await using z = await tempZot();
  await Deno.mkdir(`${z.home}/themes`, { recursive: true });
  await Deno.writeTextFile(
    `${z.home}/themes/ocean.json`,
    JSON.stringify({ name: "ocean", accent: 33 }),
  );
  const bundle = `${z.home}/extensions/nordish`;
  await Deno.mkdir(bundle, { recursive: true });
  await Deno.writeTextFile(`${bundle}/extension.json`, JSON.stringify({ name: "nordish" }));
  await Deno.writeTextFile(
    `${bundle}/theme.json`,
    JSON.stringify({ colors: { accent: "#88c0d0" } }),
  );
  await Deno.writeTextFile(`${z.home}/config.json`, JSON.stringify({ keep: "me" }));
  await using tui = await startZotTui({ cwd: z.cwd, home: z.home, args: [] });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("/theme");
  await tui.keys("Enter");
  const dialog = await tui.waitFor("from extension nordish", "the theme list");
  assert(dialog.includes("ocean") && dialog.includes("built-in"), dialog);
  await tui.keys("Down", "Down", "Enter");
  await tui.waitFor("theme: nordish", "the saved status");
  const config = JSON.parse(await Deno.readTextFile(`${z.home}/config.json`));
  assertEquals(config, { keep: "me", theme: "nordish" });
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});
