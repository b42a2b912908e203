/**
 * The real install prompt (@clack/prompts) in a real terminal: tmux runs
 * `zot ext install`, the test answers "y", and the grant is stored.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir, tempZot } from "../helpers/tmp.ts";
import { until } from "../helpers/wait.ts";
import { findGrant } from "../../src/sandbox/grants.ts";

const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));

async function tmux(socket: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("tmux", {
    args: ["-L", socket, ...args],
    stdout: "piped",
    stderr: "null",
  })
    .output();
  return new TextDecoder().decode(out.stdout);
}

const hasTmux = (() => {
  try {
    return new Deno.Command("tmux", { args: ["-V"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "the install prompt shows the scope and a yes stores the grant",
  ignore: !hasTmux,
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
    const socket = `zot-consent-${Deno.pid}`;
    const cmd =
      `ZOT_HOME='${z.home}' '${Deno.execPath()}' run -A '${MAIN}' ext install '${ext}'; echo EXIT=$?; read x`;
    try {
      await tmux(socket, "new-session", "-d", "-s", "t", "-x", "120", "-y", "30", cmd);
      const screen = () => tmux(socket, "capture-pane", "-p", "-t", "t");
      await until(
        async () => (await screen()).includes("with these permissions?"),
        20_000,
        "the prompt",
      );
      assertStringIncludes(await screen(), "connect to: api.example.com:443");
      // clack's confirm takes "y" as the answer and submits it.
      await tmux(socket, "send-keys", "-t", "t", "y");
      await until(async () => (await screen()).includes("EXIT="), 20_000, "the install to end")
        .catch(
          async (e) => {
            throw new Error(`${e.message}; screen:\n${await screen()}`);
          },
        );
      assertStringIncludes(await screen(), "EXIT=0");
      const grant = await findGrant(z.paths.grants, join(z.paths.extensions, "wx"));
      assertEquals(grant?.scope.net, ["api.example.com:443"]);
    } finally {
      await tmux(socket, "kill-server");
    }
  },
});
