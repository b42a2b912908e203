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
  // dark, light, high-contrast (built-in), ocean (user), nordish (extension).
  await tui.keys("Down", "Down", "Down", "Down", "Enter");
  await tui.waitFor("theme: nordish", "the saved status");
  const config = JSON.parse(await Deno.readTextFile(`${z.home}/config.json`));
  assertEquals(config, { keep: "me", theme: "nordish" });
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

/** Colours on, whatever the test run's NO_COLOR (an empty NO_COLOR does not count). */
const COLOR = { NO_COLOR: "" };

Deno.test("tui: three built-in themes; /theme switches at once, config.json chooses at start", async () => {
  await using z = await tempZot();
  {
    await using tui = await startZotTui({
      cwd: z.cwd,
      home: z.home,
      args: ["--no-ext"],
      env: COLOR,
    });
    await tui.waitFor("unjailed · yolo", "the status line");
    // The default is dark: its muted grey.
    assert((await tui.styledScreen()).includes("38;5;244"), await tui.styledScreen());
    await tui.type("/theme");
    await tui.keys("Enter");
    const dialog = await tui.waitFor("high-contrast", "the theme list");
    assert(dialog.includes("built-in: for dark terminal backgrounds (the default)"), dialog);
    assert(dialog.includes("built-in: for light terminal backgrounds"), dialog);
    await tui.keys("Down", "Enter");
    await tui.waitFor("theme: light", "the saved status");
    await until(
      async () => (await tui.styledScreen()).includes("38;5;242"),
      5_000,
      "the light palette drawn",
    );
    const config = JSON.parse(await Deno.readTextFile(`${z.home}/config.json`));
    assertEquals(config, { theme: "light" });
    await tui.type("/exit");
    await tui.keys("Enter");
    await until(() => tui.dead(), 10_000, "zot to exit");
  }
  // Chosen in config.json: the next start draws with it (and an older "default" still means dark).
  for (const [name, muted] of [["high-contrast", "38;5;7m"], ["default", "38;5;244"]]) {
    await Deno.writeTextFile(`${z.home}/config.json`, JSON.stringify({ theme: name }));
    await using tui = await startZotTui({
      cwd: z.cwd,
      home: z.home,
      args: ["--no-ext"],
      env: COLOR,
    });
    await tui.waitFor("unjailed · yolo", "the status line");
    await until(async () => (await tui.styledScreen()).includes(muted), 5_000, `${name} drawn`);
  }
});
