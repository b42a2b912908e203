/**
 * `zot trust` pins the code of each project extension, not only its
 * manifest: any change in its directory tree (a file's content, a new or
 * removed file, an executable bit, a symlink's target or what it reaches)
 * holds it back until `zot trust` again, which says which files changed. A
 * tree too large to pin never runs.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { discoverSources } from "../../../src/modes/common/extensions.ts";
import { TREE_LIMITS, treeHash } from "../../../src/extensions/tree_hash.ts";
import { manifest, pythonExtension, world } from "./_world.ts";
import { diagnosticLine } from "../../../src/modes/common/diagnostics.ts";

type W = Awaited<ReturnType<typeof world>>;

/** A trusted project whose plain extension "lint" runs `./main.py` (which writes the marker). */
async function trustedLint(): Promise<{ w: W; dir: string }> {
  const w = await world();
  const dir = join(w.paths.projectExtensions, "lint");
  await Deno.mkdir(join(dir, "lib"), { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    manifest({ name: "lint", exec: "./main.py" }),
  );
  await Deno.writeTextFile(join(dir, "main.py"), pythonExtension("lint", w.marker));
  await Deno.chmod(join(dir, "main.py"), 0o755);
  await Deno.writeTextFile(join(dir, "lib", "helper.sh"), "echo helper\n");
  await Deno.writeTextFile(join(w.cwd, "settings.py"), "SETTING = 1\n");
  await Deno.symlink("../../../../settings.py", join(dir, "lib", "settings.py"));
  const trusted = await w.run("trust", "--yes");
  assertEquals(trusted.code, 0, trusted.stderr);
  assertEquals((await started(w)).names, ["lint"], "the pinned extension runs");
  // A real start writes the marker: proof that the checks below would see a run.
  assertEquals((await w.doctor()).map((r) => r.status), ["ok"]);
  assertEquals(await w.escaped(), true);
  await Deno.remove(w.marker);
  return { w, dir };
}

async function started(w: W) {
  const warnings: string[] = [];
  const sources = await discoverSources(
    w.paths,
    [],
    false,
    (d) => warnings.push(diagnosticLine(d)),
  );
  return { names: sources.map((s) => s.manifest.name), warnings: warnings.join("\n") };
}

async function assertHeld(w: W, change: string): Promise<void> {
  const run = await started(w);
  assertEquals(run.names, [], run.warnings);
  assertStringIncludes(
    run.warnings,
    `Not starting project extension "lint": it changed since you trusted ${w.cwd} (${change}) (run "zot trust" to review and allow it)`,
  );
  const rows = await w.doctor();
  assertEquals(rows.map((r) => r.status), ["not loaded"]);
  assertEquals(await w.escaped(), false, "the changed plain extension ran");
}

const edits: [string, (dir: string, w: W) => Promise<void>, string][] = [
  ["its exec's content", async (dir, w) => {
    await Deno.writeTextFile(join(dir, "main.py"), pythonExtension("lint", w.marker) + "# more\n");
  }, "files changed: main.py edited"],
  [
    "a helper file's executable bit",
    (dir) => Deno.chmod(join(dir, "lib", "helper.sh"), 0o755),
    "files changed: lib/helper.sh made executable",
  ],
  [
    "a file added in a subdirectory",
    (dir) => Deno.writeTextFile(join(dir, "lib", "new.py"), "x = 1\n"),
    "files changed: lib/new.py added",
  ],
  [
    "a file removed",
    (dir) => Deno.remove(join(dir, "lib", "helper.sh")),
    "files changed: lib/helper.sh removed",
  ],
  [
    "the repository file a symlink reaches",
    (_dir, w) => Deno.writeTextFile(join(w.cwd, "settings.py"), "SETTING = 2\n"),
    "files changed: lib/settings.py edited",
  ],
  ["a symlink's target", async (dir, w) => {
    await Deno.writeTextFile(join(w.cwd, "other.py"), "SETTING = 1\n");
    await Deno.remove(join(dir, "lib", "settings.py"));
    await Deno.symlink("../../../../other.py", join(dir, "lib", "settings.py"));
  }, "files changed: lib/settings.py edited"],
];

for (const [what, edit, change] of edits) {
  Deno.test(`trust tree: a change of ${what} after the trust holds the extension back`, async () => {
    const { w, dir } = await trustedLint();
    await using _ = w;
    await edit(dir, w);
    await assertHeld(w, change);
    // Trusting again names the change, then lets it run.
    const again = await w.run("trust", "--yes");
    assertStringIncludes(again.stderr, `[changed: ${change}]`);
    assertEquals((await started(w)).names, ["lint"]);
  });
}

Deno.test("trust tree: a trust that pinned no tree (an older zot) holds the extension back", async () => {
  const { w } = await trustedLint();
  await using _ = w;
  const file = JSON.parse(await Deno.readTextFile(w.paths.trust));
  for (const p of Object.values(file.projects) as { extensions: Record<string, unknown> }[]) {
    for (const pin of Object.values(p.extensions) as Record<string, unknown>[]) {
      delete pin.tree_sha256;
      delete pin.files;
    }
  }
  await Deno.writeTextFile(w.paths.trust, JSON.stringify(file));
  await assertHeld(w, "its files were not pinned by the last trust");
});

Deno.test("trust tree: a tree over the size limit is not pinned and never runs", async () => {
  await using w = await world();
  const dir = join(w.paths.projectExtensions, "big");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    manifest({ name: "big", exec: "./main.py" }),
  );
  await Deno.writeTextFile(join(dir, "main.py"), pythonExtension("big", w.marker));
  await Deno.chmod(join(dir, "main.py"), 0o755);
  // Sparse: the limit is checked from the size, before anything is read.
  using blob = await Deno.open(join(dir, "blob.bin"), { create: true, write: true });
  await blob.truncate(TREE_LIMITS.bytes + 1);
  const trusted = await w.run("trust", "--yes");
  assertEquals(trusted.code, 0, trusted.stderr);
  assertStringIncludes(
    trusted.stderr,
    `"big" (big): will NOT run: zot cannot pin it: its directory is too large to pin (its files hold more than 256 MiB)`,
  );
  const run = await started(w);
  assertEquals(run.names, []);
  assertStringIncludes(run.warnings, `Not starting project extension "big": zot cannot pin it`);
  assertEquals(await w.escaped(), false);
});

Deno.test("trust tree: the hash is the same for the same tree and bounded in entries", async () => {
  await using w = await world();
  const a = join(w.root, "a");
  await Deno.mkdir(join(a, "d"), { recursive: true });
  await Deno.writeTextFile(join(a, "d", "f"), "x");
  await Deno.symlink("..", join(a, "d", "up")); // a loop: recorded, not followed forever
  const first = await treeHash(a);
  const second = await treeHash(a);
  assert(first.ok && second.ok);
  assertEquals(first.tree.sha256, second.tree.sha256);
  assertEquals(first.tree.entries?.["d/up"], `link ".." loop`);
  // Over the entry limit: refused, with the reason.
  const many = join(w.root, "many");
  await Deno.mkdir(many);
  await Promise.all(
    Array.from(
      { length: TREE_LIMITS.entries + 1 },
      (_, i) => Deno.writeTextFile(join(many, `${i}`), ""),
    ),
  );
  const big = await treeHash(many);
  assertEquals(big, {
    ok: false,
    problem: `its directory is too large to pin (it has more than ${TREE_LIMITS.entries} files)`,
  });
});

const outside: [string, Record<string, unknown>][] = [
  ["exec", { name: "lint", exec: "../../../tools/lint.py" }],
  ["args", { name: "lint", exec: "python3", args: ["../../../tools/lint.py"] }],
];

for (const [field, fields] of outside) {
  Deno.test(`trust tree: a repository file outside the extension named by its ${field} is pinned`, async () => {
    await using w = await world();
    const dir = join(w.paths.projectExtensions, "lint");
    const tool = join(w.cwd, "tools", "lint.py");
    await Deno.mkdir(dir, { recursive: true });
    await Deno.mkdir(join(w.cwd, "tools"));
    await Deno.writeTextFile(join(dir, "extension.json"), manifest(fields));
    await Deno.writeTextFile(tool, pythonExtension("lint", w.marker));
    await Deno.chmod(tool, 0o755);
    assertEquals((await w.run("trust", "--yes")).code, 0);
    assertEquals((await w.doctor()).map((r) => r.status), ["ok"], "the pinned extension runs");
    assertEquals(await w.escaped(), true);
    await Deno.remove(w.marker);
    await Deno.writeTextFile(tool, pythonExtension("lint", w.marker) + "# changed\n");
    await assertHeld(
      w,
      `files changed: (${field}${field === "args" ? "[0]" : ""}) ../../../tools/lint.py edited`,
    );
  });
}

Deno.test("trust tree: an outside exec missing at the trust and created later is held back", async () => {
  await using w = await world();
  const dir = join(w.paths.projectExtensions, "lint");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    manifest({ name: "lint", exec: "../../../tools/lint.py" }),
  );
  assertEquals((await w.run("trust", "--yes")).code, 0);
  await Deno.mkdir(join(w.cwd, "tools"));
  await Deno.writeTextFile(join(w.cwd, "tools", "lint.py"), pythonExtension("lint", w.marker));
  await Deno.chmod(join(w.cwd, "tools", "lint.py"), 0o755);
  await assertHeld(w, "files changed: (exec) ../../../tools/lint.py edited");
});
