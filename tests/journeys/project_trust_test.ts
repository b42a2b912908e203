/**
 * Journeys: a project with its own `.zot/extensions`, before and after
 * `zot trust`, and broken installs that the table would otherwise hide.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { journey, shellExtension } from "./zot.ts";

Deno.test("journey: zot trust refuses a directory that does not exist", async () => {
  await using j = await journey();
  const missing = join(j.root, "no-such-project");
  const r = await j.zot("trust", missing);
  assertEquals(r.code, 2);
  assertStringIncludes(r.stderr, `Cannot trust "${missing}": not a directory`);
  assertStringIncludes(r.stderr, `run "zot trust" inside it`);
  const list = await j.zot("trust", "--list");
  assert(!list.stdout.includes(missing), list.stdout);
});

Deno.test("journey: ext doctor in an untrusted project says why and how to trust", async () => {
  await using j = await journey();
  const files = shellExtension("x");
  await j.write(
    Object.fromEntries(Object.entries(files).map(([k, v]) => [`.zot/extensions/${k}`, v])),
    [".zot/extensions/x/main.sh"],
  );
  const before = await j.zot("ext", "doctor", "x", "--json");
  assertEquals(before.code, 0, before.stderr);
  const row = JSON.parse(before.stdout).extensions[0];
  assertEquals(row.status, "not loaded");
  assertStringIncludes(row.notes.join("\n"), `is not a trusted project (run "zot trust"`);

  assertEquals((await j.zot("trust")).code, 0);
  const after = await j.zot("ext", "doctor", "x", "--json");
  const trusted = JSON.parse(after.stdout).extensions[0];
  assertEquals(trusted.status, "ok", after.stdout);
  assertEquals(trusted.notes, []);
});

Deno.test("journey: ext list names installs it cannot read instead of hiding them", async () => {
  await using j = await journey();
  const broken = join(j.home, "extensions", "broken");
  await Deno.mkdir(broken, { recursive: true });
  await Deno.writeTextFile(join(broken, "extension.json"), `{ "name": "broken", "exec": `);
  const r = await j.zot("ext", "list");
  assertEquals(r.code, 0);
  assertStringIncludes(r.stderr, `skipped "${broken}": parse manifest:`);
  assertStringIncludes(r.stderr, `(run "zot ext doctor broken")`);
  // stdout stays machine-readable with --json: the note goes to stderr only.
  const json = await j.zot("ext", "list", "--json");
  assertEquals(JSON.parse(json.stdout), []);
  assertStringIncludes(json.stderr, "skipped");
});
