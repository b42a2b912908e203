/**
 * A program started through a `run` grant cannot read zot's stored keys even
 * when the extension's read grant covers `$ZOT_HOME`: the home directory
 * holding it, a directory above it, or `$ZOT_HOME` itself.
 */

import { join } from "../../src/path.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { PROBE, readOr, runZot } from "./_run_probe.ts";

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
    const out = join(z.home, "extension-data", "run-probe", "probe.txt");
    const run = await runZot(z, dir, {
      HOME: z.root,
      // zot's own module cache stays where it is; only the user's home moved.
      DENO_DIR: Deno.env.get("DENO_DIR") ?? join(Deno.env.get("HOME") ?? "/root", ".cache", "deno"),
    }, out);
    const stderr = run.stderr;
    assertEquals(run.code, 0, stderr);
    const probe = readOr(out) ?? "";
    assertStringIncludes(probe, "== end", `${probe}\n${stderr}`);
    assert(!probe.includes(stored), `auth.json was readable:\n${probe}`);
  });
}
