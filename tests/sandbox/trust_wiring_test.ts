/** Project extensions run only in a trusted project (the run's discovery step). */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { discoverSources } from "../../src/modes/common/extensions.ts";
import { trustProject } from "../../src/extensions/trust.ts";
import { diagnosticLine } from "../../src/modes/common/diagnostics.ts";

Deno.test("project extensions are held back until the project is trusted", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.projectExtensions, "repo-ext");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "repo-ext", exec: "./run" }),
  );
  const warnings: string[] = [];
  const held = await discoverSources(z.paths, [], false, (d) => warnings.push(diagnosticLine(d)));
  assertEquals(held, []);
  assertStringIncludes(warnings.join("\n"), `Not starting project extensions "repo-ext"`);
  assertStringIncludes(warnings.join("\n"), `(run "zot trust" there to allow them)`);

  await trustProject(z.paths.trust, z.cwd);
  const trusted = await discoverSources(z.paths, [], false, () => {});
  assertEquals(trusted.map((s) => s.manifest.name), ["repo-ext"]);
});
