/**
 * The real install prompt (@clack/prompts) in a real terminal: tmux runs
 * `zot ext install`, the test answers "y", and the grant is stored.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir, tempZot } from "../helpers/tmp.ts";
import { TmuxSession } from "../helpers/tmux.ts";
import { assertNoLeftoverProcesses, TMUX_SERVER } from "../helpers/procs.ts";
import { findGrant } from "../../src/sandbox/grants.ts";

const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));

Deno.test({
  name: "the install prompt shows the scope and a yes stores the grant",
  async fn() {
    await using z = await tempZot();
    await using src = await tempDir();
    const ext = join(src.path, "wx");
    await Deno.mkdir(ext);
    await Deno.writeTextFile(
      join(ext, "extension.json"),
      JSON.stringify({ name: "wx", exec: "./main.ts", scope: { net: ["api.example.com:443"] } }),
    );
    await Deno.writeTextFile(join(ext, "main.ts"), "export {};\n");
    const cmd =
      `ZOT_HOME='${z.home}' '${Deno.execPath()}' run -A '${MAIN}' ext install '${ext}'; echo EXIT=$?; read x`;
    {
      await using term = await TmuxSession.start(["sh", "-c", cmd], { cwd: z.cwd, height: 30 });
      await term.waitFor("with these permissions?", "the prompt", 20_000);
      assertStringIncludes(await term.screen(), "connect to: api.example.com:443");
      // clack's confirm takes "y" as the answer and submits it.
      await term.keys("y");
      assertStringIncludes(await term.waitFor("EXIT=", "the install to end", 20_000), "EXIT=0");
    }
    // The session is gone, and nothing it ran outlives it.
    await assertNoLeftoverProcesses(src.path, { ignore: TMUX_SERVER });
    await assertNoLeftoverProcesses(z.root, { ignore: TMUX_SERVER });
    const grant = await findGrant(z.paths.grants, join(z.paths.extensions, "wx"));
    assertEquals(grant?.scope?.net, ["api.example.com:443"]);
  },
});
