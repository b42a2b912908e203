/**
 * `zot ext remove` asks with the prompt install and grant use
 * (@clack/prompts), in a real terminal: "n" keeps the extension, "y" removes
 * it. Without a terminal and without --yes it refuses, naming the flag.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { TmuxSession } from "../../helpers/tmux.ts";
import { assertNoLeftoverProcesses, TMUX_SERVER } from "../../helpers/procs.ts";
import { zot } from "./run_zot.ts";

const MAIN = fileURLToPath(new URL("../../../main.ts", import.meta.url));

async function installed(root: string): Promise<string> {
  const dir = join(root, "todo");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(join(dir, "extension.json"), `{"name":"todo","exec":"./x"}`);
  return dir;
}

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

for (const [key, kept] of [["n", true], ["y", false]] as const) {
  Deno.test(`zot ext remove: the prompt answered "${key}" ${kept ? "keeps" : "removes"} it`, async () => {
    await using z = await tempZot();
    const dir = await installed(z.paths.extensions);
    const cmd = `ZOT_HOME='${z.home}' '${Deno.execPath()}' run -A '${MAIN}' ext remove todo; ` +
      `echo EXIT=$?; read x`;
    {
      await using term = await TmuxSession.start(["sh", "-c", cmd], { cwd: z.cwd, height: 20 });
      await term.waitFor("and everything in it?", "the prompt", 20_000);
      assertStringIncludes(await term.screen(), `Remove ${dir}`);
      await term.keys(key);
      const screen = await term.waitFor("EXIT=", "the removal to end", 20_000);
      assertStringIncludes(screen, "EXIT=0");
      assertStringIncludes(screen, kept ? "aborted: nothing removed" : `removed ${dir}`);
    }
    await assertNoLeftoverProcesses(z.root, { ignore: TMUX_SERVER });
    assertEquals(await exists(dir), kept);
  });
}

Deno.test("zot ext remove: no terminal and no --yes refuses with the remedy and keeps it", async () => {
  await using z = await tempZot();
  const dir = await installed(z.paths.extensions);
  const r = await zot(z, "ext", "remove", "todo");
  assertEquals(r.code, 1);
  assertEquals(
    r.stderr,
    `zot: Cannot remove ${dir}: stdin is not a terminal, so nobody could confirm (pass --yes)\n`,
  );
  assertEquals(await exists(dir), true);
});
