/**
 * What the TUI loads before its first frame, by structure rather than
 * timing: the code of the slash commands, the extension host (no extension
 * to start), compaction, the model list, the session list and the jail's
 * bash scan load when first used, not before the screen is drawn; of
 * pi-tui only the modules zot runs load, not the package's index with every
 * component, and not the markdown renderer (an empty conversation shows no
 * markdown; it loads after the frame).
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { firstFrameModules } from "../../helpers/first_frame_modules.ts";
import { npmPackages, zotFiles } from "../../helpers/loaded_modules.ts";

/** A pi-tui module's URL in Deno's npm cache, any version: what follows is its path in the package. */
const PI_TUI = /\/@mariozechner\/pi-tui\/[^/]+\/dist\//;
/** pi-tui modules zot does not run: the index would load them all. */
const PI_UNUSED = [
  "index.js",
  "components/image.js",
  "components/settings-list.js",
  "components/box.js",
  "components/loader.js",
  "components/cancellable-loader.js",
  "components/input.js",
  "components/text.js",
  // The markdown renderer loads after the first frame.
  "components/markdown.js",
];

/** Loaded at first use: none of it draws the first frame. */
const LATER = [
  /^src\/modes\/interactive\/commands\/(conversation|info|login|sandbox|settings|extension)\.ts$/,
  /^src\/modes\/interactive\/(reload|session_list|tool_prompt)\.ts$/,
  /^src\/extensions\/host\//,
  /^src\/agent\/compaction\.ts$/,
  /^src\/providers\/list_models\.ts$/,
  /^src\/tools\/(bash_jail|bash_env)\.ts$/,
];

Deno.test("the TUI's first frame loads no slash command code, extension host or compaction", async () => {
  await using z = await tempZot();
  const { modules } = await firstFrameModules(["--no-session"], z);
  const files = zotFiles(modules);
  // The list is real: it names what the first frame needs.
  for (const known of ["src/modes/interactive/app.ts", "src/tui/flat_tui.ts"]) {
    assert(files.includes(known), `${known} among the loaded modules: ${files.join(" ")}`);
  }
  assertEquals(files.filter((f) => LATER.some((re) => re.test(f))), []);
  const pi = modules.flatMap((m) => {
    const at = PI_TUI.exec(m);
    return at ? [m.slice(at.index + at[0].length)] : [];
  });
  // Real: the pi-tui modules the frame draws with are there.
  for (const known of ["tui.js", "components/editor.js", "terminal.js"]) {
    assert(pi.includes(known), `pi-tui's ${known} among the loaded modules: ${pi.join(" ")}`);
  }
  assertEquals(pi.filter((m) => PI_UNUSED.includes(m)), []);
  // Nor the markdown parser under it.
  assertEquals(npmPackages(modules).filter((p) => p === "marked"), []);
});

Deno.test("the TUI with an --ext extension loads the host before its first frame (the check above can see it)", async () => {
  await using z = await tempZot();
  const sh = new URL("../../fixtures/extensions/hello-sh", import.meta.url).pathname;
  const { modules } = await firstFrameModules(["--no-session", "--ext", sh], z);
  assert(zotFiles(modules).includes("src/extensions/host/mod.ts"), "the extension was started");
});
