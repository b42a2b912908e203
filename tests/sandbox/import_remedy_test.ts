/**
 * A sandboxed extension that imports an `npm:` package fails to start with a
 * remedy (bundle it, or vendor the files), in the words `zot ext doctor` and
 * the log show; other failures keep their own words.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { processesMatching } from "../helpers/procs.ts";
import { tempZot } from "../helpers/tmp.ts";
import { zot } from "../cli/ext/run_zot.ts";
import { withImportRemedy } from "../../src/sandbox/import_remedy.ts";

const REMEDY = "a sandboxed extension cannot load npm: packages at run time";

Deno.test("sandbox: an npm: import, direct, nested or dynamic, fails with how to bundle or vendor it", async () => {
  await using z = await tempZot();
  const variants: Record<string, Record<string, string>> = {
    direct: { "main.ts": `import pad from "npm:left-pad@1.3.0";\nconsole.error(pad);\n` },
    nested: {
      "main.ts": `import "./lib/util.ts";\n`,
      "lib/util.ts": `export * from "npm:left-pad@1.3.0";\n`,
    },
    dynamic: { "main.js": `await import("npm:left-pad@1.3.0");\n` },
  };
  for (const [name, files] of Object.entries(variants)) {
    const dir = join(z.root, name);
    const exec = Object.keys(files)[0];
    await Deno.mkdir(join(dir, "lib"), { recursive: true });
    await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify({ name, exec }));
    for (const [rel, text] of Object.entries(files)) await Deno.writeTextFile(join(dir, rel), text);
    const r = await zot(z, "ext", "doctor", "--ext", dir);
    assertEquals(r.code, 1, r.stdout + r.stderr);
    assertStringIncludes(r.stdout, REMEDY);
    const bundled = exec.replace(/\.[jt]s$/, ".bundle.js");
    assertStringIncludes(
      r.stdout,
      `"deno bundle --platform deno ${exec} -o ${bundled}", and point "exec" at ${bundled}`,
    );
    const log = await Deno.readTextFile(join(z.home, "logs", `ext-${name}.log`));
    assertStringIncludes(log, REMEDY);
  }
  assertEquals(processesMatching(z.root), []);
});

Deno.test("sandbox: the npm remedy is added to npm failures only", () => {
  const other = 'TypeError: Module not found "file:///x/missing.ts"';
  assertEquals(withImportRemedy(other, "file:///x/main.ts"), other);
  assertEquals(
    withImportRemedy("Error: boom (see npm docs)", "file:///x/main.ts").includes(REMEDY),
    false,
  );
  const npm = withImportRemedy(`Import "npm:zod" not a dependency`, "file:///x/ext.mts");
  assert(npm.includes(`deno bundle --platform deno ext.mts -o ext.bundle.js`), npm);
});
