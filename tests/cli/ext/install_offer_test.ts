/**
 * Installing a name that is installed already offers the update instead,
 * on a real terminal (tmux): yes updates from the source just typed, no
 * leaves the install as it was.
 */
import { join } from "../../../src/path.ts";
import { fileURLToPath } from "node:url";
import { installExtension } from "../../../src/extensions/manage/install.ts";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { TMUX_MISSING } from "../../helpers/tmux.ts";
import { assertNoLeftoverProcesses, TMUX_SERVER } from "../../helpers/procs.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { until } from "../../helpers/wait.ts";

const MAIN = fileURLToPath(new URL("../../../main.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../../deno.json", import.meta.url));

async function tmux(...args: string[]): Promise<string> {
  const out = await new Deno.Command("tmux", { args, stdout: "piped", stderr: "piped" }).output()
    .catch((e) => {
      throw e instanceof Deno.errors.NotFound ? new Error(TMUX_MISSING) : e;
    });
  return new TextDecoder().decode(out.stdout);
}

async function offerAndAnswer(key: string): Promise<{ screen: string; main: string }> {
  await using z = await tempZot();
  const src = join(z.root, "src", "todo");
  await Deno.mkdir(src, { recursive: true });
  await Deno.writeTextFile(
    join(src, "extension.json"),
    JSON.stringify({ name: "todo", exec: "./main.ts", scope: {} }),
  );
  await Deno.writeTextFile(join(src, "main.ts"), "// v1\n");
  await installExtension(src, { paths: z.paths, log: () => {} });
  await Deno.writeTextFile(join(src, "main.ts"), "// v2\n");
  const session = `zot-offer-${crypto.randomUUID().slice(0, 8)}`;
  const done = join(z.root, "done");
  const cmd =
    `cd ${z.cwd} && ZOT_HOME=${z.home} NO_COLOR=1 ${Deno.execPath()} run -A --quiet --config ${CONFIG} ` +
    `${MAIN} ext install ${src}; echo "exit=$?" > ${done}; exec cat`; // cat keeps the pane open
  await tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "30", "sh", "-c", cmd);
  try {
    await until(
      async () => (await tmux("capture-pane", "-p", "-t", session)).includes("instead?"),
      20_000,
      "the offer",
    );
    await tmux("send-keys", "-t", session, key);
    await tmux("send-keys", "-t", session, "Enter");
    await until(() => Deno.stat(done).then(() => true, () => false), 30_000, "zot to exit");
    const screen = await tmux("capture-pane", "-p", "-t", session);
    const main = await Deno.readTextFile(join(z.paths.extensions, "todo", "main.ts"));
    return { screen: screen + (await Deno.readTextFile(done)), main };
  } finally {
    await tmux("kill-session", "-t", session);
    await assertNoLeftoverProcesses(z.root, { ignore: TMUX_SERVER });
  }
}

Deno.test("zot ext install over an installed name: yes updates from the new source", async () => {
  const { screen, main } = await offerAndAnswer("y");
  assertStringIncludes(screen, "already exists");
  assertStringIncludes(screen, "todo: updated to");
  assertStringIncludes(screen, "exit=0");
  assertEquals(main, "// v2\n");
});

Deno.test("zot ext install over an installed name: no keeps the install", async () => {
  const { screen, main } = await offerAndAnswer("n");
  assertStringIncludes(screen, "nothing changed");
  assertStringIncludes(screen, "exit=0");
  assertEquals(main, "// v1\n");
});
