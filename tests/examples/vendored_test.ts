import { assertEquals } from "../helpers/assert.ts";
import { sdkFiles } from "../../src/scaffold/vendor.ts";
import { ZOT_VERSION } from "../../src/version.ts";
import { EXAMPLES } from "./harness.ts";

Deno.test("examples: every TypeScript example carries an up-to-date copy of the SDK", async () => {
  const expected = await sdkFiles(ZOT_VERSION);
  const dirs = [];
  for await (const e of Deno.readDir(EXAMPLES)) {
    try {
      await Deno.stat(`${EXAMPLES}${e.name}/main.ts`);
      dirs.push(e.name);
    } catch {
      continue;
    }
  }
  for (const dir of dirs.sort()) {
    for (const [rel, content] of expected) {
      const actual = await Deno.readTextFile(`${EXAMPLES}${dir}/${rel}`).catch(() => "<missing>");
      // Refresh with: deno run -A src/scaffold/vendor.ts examples/extensions/<dir>
      assertEquals(actual === content, true, `${dir}/${rel} differs from src (refresh it)`);
    }
  }
  assertEquals(dirs.length >= 5, true, `found ${dirs}`);
});
