/**
 * `zot ext unconfined <name> [--revoke]` records and drops the user's
 * decision for one installed extension, keyed by its real directory.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { unconfinedCommand } from "../../src/cli/ext/unconfined.ts";
import { allowedUnconfined } from "../../src/sandbox/unconfined.ts";
import { ZotError } from "../../src/errors.ts";

Deno.test("zot ext unconfined records the decision for that extension, --revoke drops it", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.extensions, "probe");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "probe", exec: "./run.sh", scope: {} }),
  );
  await Deno.writeTextFile(join(dir, "run.sh"), "#!/bin/sh\n", { mode: 0o755 });
  assert(!(await allowedUnconfined(z.paths.home, dir, "probe")));
  const said = await unconfinedCommand(z.paths, "probe");
  assertStringIncludes(said, `allowed "probe" to run UNCONFINED`);
  assert(await allowedUnconfined(z.paths.home, dir, "probe"));
  const revoked = await unconfinedCommand(z.paths, "probe", { revoke: true });
  assertStringIncludes(revoked, "runs only inside the OS sandbox again");
  assert(!(await allowedUnconfined(z.paths.home, dir, "probe")));
});

Deno.test("zot ext unconfined of an unknown extension is refused and records nothing", async () => {
  await using z = await tempZot();
  let error: unknown;
  await unconfinedCommand(z.paths, "nope").catch((e) => error = e);
  assert(error instanceof ZotError);
  assertStringIncludes(error.message, `extension "nope" not found`);
});
