/**
 * A program started through a `run` grant cannot read zot's stored keys even
 * when the extension's read grant covers `$ZOT_HOME`: the home directory
 * holding it, a directory above it, or `$ZOT_HOME` itself.
 */

import { join } from "../../src/path.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { withTimeout } from "../helpers/wait.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { zotCommand } from "../modes/run_zot.ts";
import { assertNoLeftoverProcesses } from "../helpers/procs.ts";

const PROBE = new URL("../fixtures/lifetime/run-probe/main.ts", import.meta.url).pathname;

type Zot = Awaited<ReturnType<typeof tempZot>>;

const GRANTS: [string, (z: Zot) => string][] = [
  ["${home} (holding $ZOT_HOME)", () => "${home}"],
  ["a directory above $ZOT_HOME", (z) => z.root],
  ["$ZOT_HOME itself", (z) => z.home],
];

for (const [label, grant] of GRANTS) {
  Deno.test(`run grant with a read grant of ${label}: auth.json stays unreadable`, async () => {
    await using z = await tempZot();
    const stored = `sk-ant-stored-${crypto.randomUUID()}`;
    const auth = join(z.home, "auth.json");
    await Deno.writeTextFile(auth, JSON.stringify({ openai: { key: stored } }), { mode: 0o600 });
    const dir = join(z.root, "run-probe");
    await Deno.mkdir(dir);
    await Deno.copyFile(PROBE, join(dir, "main.ts"));
    const scope = { run: ["sh"], read: [grant(z)] };
    await Deno.writeTextFile(
      join(dir, "extension.json"),
      JSON.stringify({
        name: "run-probe",
        version: "1.0.0",
        exec: "./main.ts",
        args: [auth, z.home, join(z.root, "none")],
        scope,
      }),
    );
    await using llm = await startFakeLlm({ script: [{ text: "ok" }] });
    const realHome = Deno.env.get("HOME") ?? "/root";
    const child = zotCommand(["-p", "hi", "--base-url", llm.url, "--ext", dir], {
      ...z,
      env: {
        HOME: z.root,
        // zot's own module cache stays where it is; only the user's home moved.
        DENO_DIR: Deno.env.get("DENO_DIR") ?? join(realHome, ".cache", "deno"),
      },
    }).spawn();
    const out = await withTimeout(child.output(), 60_000, "zot to finish");
    await assertNoLeftoverProcesses(z.root);
    const stderr = new TextDecoder().decode(out.stderr);
    assertEquals(out.code, 0, stderr);
    const probe = await Deno.readTextFile(
      join(z.home, "extension-data", "run-probe", "probe.txt"),
    ).catch(() => "");
    assertStringIncludes(probe, "== end", `${probe}\n${stderr}`);
    assert(!probe.includes(stored), `auth.json was readable:\n${probe}`);
  });
}
