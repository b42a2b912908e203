/**
 * The y/N prompt of `zot ext remove` needs a real terminal: tmux gives one.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

async function promptAndAnswer(answer: string): Promise<{ screen: string; dir: string }> {
  await using z = await tempZot();
  const dir = join(z.paths.extensions, "todo");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(join(dir, "extension.json"), `{"name":"todo","exec":"x"}`);
  const session = `zot-rm-${crypto.randomUUID().slice(0, 8)}`;
  const done = join(z.root, "done");
  const cmd =
    `cd ${z.cwd} && ZOT_HOME=${z.home} ${Deno.execPath()} run -A --quiet --config ${CONFIG} ` +
    `${MAIN} ext remove todo; echo "exit=$?" > ${done}; exec cat`; // cat keeps the pane open for capture
  await tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "20", "sh", "-c", cmd);
  try {
    await until(
      async () => (await tmux("capture-pane", "-p", "-t", session)).includes("[y/N]"),
      20_000,
      "the prompt",
    );
    await tmux("send-keys", "-t", session, answer, "Enter");
    await until(() => Deno.stat(done).then(() => true, () => false), 20_000, "zot to exit");
    const screen = await tmux("capture-pane", "-p", "-t", session);
    const exists = await Deno.stat(dir).then(() => "kept", () => "removed");
    return { screen: screen + (await Deno.readTextFile(done)), dir: exists };
  } finally {
    await tmux("kill-session", "-t", session);
    // The pane's shell, cat and zot end with the session.
    await assertNoLeftoverProcesses(z.root, { ignore: TMUX_SERVER });
  }
}

Deno.test("zot ext remove: the terminal prompt removes on y", async () => {
  const { screen, dir } = await promptAndAnswer("y");
  assertStringIncludes(screen, "remove ");
  assertStringIncludes(screen, "removed ");
  assertStringIncludes(screen, "exit=0");
  assertEquals(dir, "removed");
});

Deno.test("zot ext remove: anything but y aborts and keeps the install", async () => {
  const { screen, dir } = await promptAndAnswer("n");
  assertStringIncludes(screen, "aborted");
  assertStringIncludes(screen, "exit=0");
  assertEquals(dir, "kept");
});
