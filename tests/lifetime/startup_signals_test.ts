/**
 * A signal while extensions are still starting (no run to abort yet) exits
 * at once with the shell's status for it, the starting extensions' groups
 * killed first, in every headless mode.
 */

import { join } from "../../src/path.ts";
import { assertEquals } from "../helpers/assert.ts";
import { PYTHON } from "../helpers/python.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { zotCommand } from "../modes/run_zot.ts";
import { assertAllGone } from "./_stubborn.ts";

const SLOW = new URL("../fixtures/lifetime/slow_hello.py", import.meta.url).pathname;

const CASES: { mode: string[]; signal: Deno.Signal; code: number }[] = [
  { mode: ["-p", "go"], signal: "SIGHUP", code: 129 },
  { mode: ["--json", "go"], signal: "SIGTERM", code: 143 },
  { mode: ["--rpc"], signal: "SIGINT", code: 130 },
];

for (const c of CASES) {
  Deno.test(`${c.signal} during extension start-up in ${c.mode[0]}: exits ${c.code}, none left`, async () => {
    await using z = await tempZot();
    const dir = join(z.root, "slow");
    await Deno.mkdir(dir);
    const record = join(z.root, "pid.txt");
    await Deno.writeTextFile(
      join(dir, "extension.json"),
      JSON.stringify({ name: "slow", exec: PYTHON, args: [SLOW, record] }),
    );
    const child = zotCommand([...c.mode, "--ext", dir], z, "piped").spawn();
    const output = child.output();
    await until(
      () => {
        try {
          return Deno.readTextFileSync(record).trim() !== "";
        } catch {
          return false;
        }
      },
      30_000,
      "the extension to start",
    );
    const pid = Number(Deno.readTextFileSync(record).trim());
    child.kill(c.signal);
    const out = await withTimeout(output, 20_000, "zot to exit");
    assertEquals([out.code, out.signal], [c.code, null], new TextDecoder().decode(out.stderr));
    await assertAllGone([pid], z.root);
  });
}
