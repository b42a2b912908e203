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
  assertEquals(row.status, "untrusted");
  assertStringIncludes(row.notes.join("\n"), `is not a trusted project (run "zot trust"`);

  assertEquals((await j.zot("trust", "--yes")).code, 0);
  const after = await j.zot("ext", "doctor", "x", "--json");
  const trusted = JSON.parse(after.stdout).extensions[0];
  assertEquals(trusted.status, "ok", after.stdout);
  assertEquals(trusted.notes, []);
});

Deno.test("journey: ext doctor in an untrusted project labels each copy as the run treats it", async () => {
  await using j = await journey();
  const files = shellExtension("x");
  await j.write(
    Object.fromEntries(Object.entries(files).map(([k, v]) => [`.zot/extensions/${k}`, v])),
    [".zot/extensions/x/main.sh"],
  );
  const global = {
    ...files,
    "sk/extension.json": `{"name":"sk","skills":["skills/a"]}`,
    "sk/skills/a/SKILL.md": "---\nname: a\ndescription: a skill\n---\nbody\n",
  };
  for (const [rel, text] of Object.entries(global)) {
    const path = join(j.home, "extensions", rel);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, text);
    if (rel.endsWith(".sh")) await Deno.chmod(path, 0o755);
  }
  const r = await j.zot("ext", "doctor", "--json");
  assertEquals(r.code, 0, r.stderr);
  const rows: { name: string; location: string; status: string; warnings: string[] }[] =
    JSON.parse(r.stdout).extensions;
  const status = (name: string, location: string) =>
    rows.find((row) => row.name === name && row.location === location);
  // The run starts the user's own copy: that one is ok, not shadowed.
  assertEquals(status("x", "global")?.status, "ok", r.stdout);
  // The project's copy does not run because the project is not trusted, and the running
  // copy's findings are not put on it.
  assertEquals(status("x", "project")?.status, "untrusted", r.stdout);
  assertEquals(status("x", "project")?.warnings, []);
  // A bundle of skills is no theme.
  assertEquals(status("sk", "global")?.status, "skill-only", r.stdout);
  const text = await j.zot("ext", "doctor", "sk");
  assertStringIncludes(text.stdout, "  type: skill-only\n");
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
  // With --json, stdout is one object that names it too; the note stays on stderr.
  const json = await j.zot("ext", "list", "--json");
  const listed = JSON.parse(json.stdout);
  assertEquals(listed.extensions, []);
  assertEquals(listed.skipped.map((s: { dir: string }) => s.dir), [broken]);
  assertStringIncludes(json.stderr, "skipped");
});
