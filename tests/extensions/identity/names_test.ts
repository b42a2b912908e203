/**
 * One manifest name, one extension: two global installs sharing a name both
 * refuse to start, each naming the other, whatever the directory order; a
 * project extension sharing a global one's name is refused and the user's
 * own runs; an update renaming an install to
 * a name another install has takes neither the other's place nor its data.
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { discoverSources } from "../../../src/modes/common/extensions.ts";
import { manifest, pythonExtension, scriptExtension, world } from "./_world.ts";
import { diagnosticLine } from "../../../src/modes/common/diagnostics.ts";

async function place(dir: string, files: Record<string, string>): Promise<string> {
  await Deno.mkdir(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(dir, rel), text);
    if (rel.endsWith(".py")) await Deno.chmod(join(dir, rel), 0o755);
  }
  return dir;
}

Deno.test("names: two global installs with one manifest name both refuse, naming both dirs", async () => {
  await using w = await world();
  const a = await place(join(w.paths.extensions, "a-notes"), {
    "extension.json": manifest({ name: "notes", exec: "./run.py" }),
    "run.py": pythonExtension("notes", w.marker),
  });
  const b = await place(join(w.paths.extensions, "b-notes"), {
    "extension.json": manifest({ name: "notes", exec: "./main.ts" }),
    "main.ts": scriptExtension("notes", w.marker),
  });
  const rows = await w.doctor();
  assertEquals(rows.map((r) => [r.dir, r.status]), [[a, "error"], [b, "error"]]);
  assertStringIncludes(rows[0].errors.join("\n"), `manifest name "notes" is also used by ${b}`);
  assertStringIncludes(rows[1].errors.join("\n"), `manifest name "notes" is also used by ${a}`);
  assertEquals(await w.escaped(), false, "the first in directory order ran");
  // A run's discovery says so too, and starts neither.
  const warnings: string[] = [];
  const sources = await discoverSources(
    w.paths,
    [],
    false,
    (d) => warnings.push(diagnosticLine(d)),
  );
  assertEquals(sources, []);
  assertStringIncludes(warnings.join("\n"), `${a}: manifest name "notes" is also used by ${b}`);
  assertEquals(await w.escaped(), false);
});

Deno.test("names: a trusted project extension named like a global one is refused; the global runs", async () => {
  await using w = await world();
  const g = await place(join(w.paths.extensions, "notes"), {
    "extension.json": manifest({ name: "notes", exec: "./main.ts" }),
    "main.ts": scriptExtension("notes", w.marker),
  });
  const p = await place(join(w.paths.projectExtensions, "my-notes"), {
    "extension.json": manifest({ name: "notes", exec: "./run.py" }),
    "run.py": pythonExtension("notes", w.marker),
  });
  assertEquals((await w.run("trust", "--yes")).code, 0);
  const rows = await w.doctor();
  assertEquals(rows.map((r) => [r.location, r.status]), [["project", "error"], ["global", "ok"]]);
  assertStringIncludes(rows[0].errors.join("\n"), `is already used by your own extension (${g})`);
  assertEquals(await w.escaped(), false, "the project's plain copy ran");
  const warnings: string[] = [];
  const sources = await discoverSources(
    w.paths,
    [],
    false,
    (d) => warnings.push(diagnosticLine(d)),
  );
  assertEquals(sources.map((s) => s.dir), [g]);
  assertStringIncludes(warnings.join("\n"), `${p}: manifest name "notes" is already used`);
});

Deno.test("names: an update renaming an install to another install's name takes neither its place nor its data", async () => {
  await using w = await world();
  const notes = await w.publish("notes", {
    "extension.json": manifest({ name: "notes", exec: "./main.ts" }),
    "main.ts": scriptExtension("notes", w.marker),
  });
  const other = await w.publish("other", {
    "extension.json": manifest({ name: "other", exec: "./main.ts" }),
    "main.ts": scriptExtension("other", w.marker),
  });
  assertEquals((await w.run("ext", "install", notes, "--yes")).code, 0);
  assertEquals((await w.run("ext", "install", other, "--yes")).code, 0);
  assertEquals((await w.doctor()).map((r) => r.status), ["ok", "ok"]);
  const data = join(w.paths.extensionData, "notes");
  await Deno.writeTextFile(join(data, "token"), "notes' secret");
  // "other" sorts after "notes", so it was not even first in directory order.
  await w.publish("other", {
    "extension.json": manifest({ name: "notes", exec: "./main.ts" }),
    "main.ts": scriptExtension("notes", w.marker),
  });
  await w.pull("other");
  const rows = await w.doctor();
  assertEquals(rows.map((r) => [r.dir, r.status]), [
    [join(w.paths.extensions, "notes"), "error"],
    [join(w.paths.extensions, "other"), "error"],
  ]);
  assertStringIncludes(
    rows[1].errors.join("\n"),
    `is also used by ${join(w.paths.extensions, "notes")}`,
  );
  // Even with the original gone, the renamed one is not what was agreed to.
  await Deno.remove(join(w.paths.extensions, "notes"), { recursive: true });
  const renamed = (await w.doctor()).find((r) => r.dir === join(w.paths.extensions, "other"))!;
  assertEquals(renamed.status, "error");
  assertStringIncludes(renamed.errors.join("\n"), `name "other" -> "notes"`);
  assertEquals(await Deno.readTextFile(join(data, "token")), "notes' secret");
  // Asked again, the user is told what the new name would reach.
  const grant = await w.run("ext", "grant", "notes");
  assertEquals(grant.code, 1);
  assertStringIncludes(grant.stderr, `changed since the last grant: name "other" -> "notes"`);
  assertStringIncludes(
    grant.stderr,
    `it will use the data directory ${data}, which already exists`,
  );
});

for (
  const [what, fields] of [
    ["exec", { name: "wx", exec: "./other.ts" }],
    ["name", { name: "wx2", exec: "./main.ts" }],
    ["kind", { name: "wx", exec: "./main.py" }],
  ] as const
) {
  Deno.test(`names: zot ext grant asks about a changed ${what} even at least privilege`, async () => {
    await using w = await world();
    const dir = await place(join(w.paths.extensions, "wx"), {
      "extension.json": manifest({ name: "wx", exec: "./main.ts" }),
    });
    assertEquals((await w.run("ext", "grant", "wx")).code, 0, "nothing to ask at least privilege");
    await place(dir, { "extension.json": manifest(fields) });
    const r = await w.run("ext", "grant", fields.name);
    assertEquals(r.code, 1, r.stderr);
    assertStringIncludes(r.stderr, "changed since the last grant:");
    assertStringIncludes(r.stderr, "stdin is not a terminal");
  });
}

Deno.test("names: a project extension added after the trust with a pinned one's name stops neither run nor doctor", async () => {
  await using w = await world();
  const pinned = await place(join(w.paths.projectExtensions, "a-lint"), {
    "extension.json": manifest({ name: "lint", exec: "./main.ts" }),
    "main.ts": scriptExtension("lint", w.marker),
  });
  assertEquals((await w.run("trust", "--yes")).code, 0);
  const added = await place(join(w.paths.projectExtensions, "b-lint"), {
    "extension.json": manifest({ name: "lint", exec: "./run.py" }),
    "run.py": pythonExtension("lint", w.marker),
  });
  const warnings: string[] = [];
  const sources = await discoverSources(
    w.paths,
    [],
    false,
    (d) => warnings.push(diagnosticLine(d)),
  );
  assertEquals(sources.map((s) => s.dir), [pinned]);
  assertStringIncludes(warnings.join("\n"), `"lint": it was added after you trusted`);
  const rows = await w.doctor();
  assertEquals(rows.map((r) => [r.dir, r.status]), [[pinned, "ok"], [added, "not loaded"]]);
  assertEquals(await w.escaped(), false, "the added plain copy ran");
});
