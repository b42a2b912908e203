/**
 * `zot trust` trusts the project's extensions as they were: one added to
 * `.zot/extensions` later, or one whose exec (or manifest) changed, is held
 * back with the remedy while the unchanged ones run; `zot trust` again lists
 * what changed and lets them run.
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { discoverSources } from "../../../src/modes/common/extensions.ts";
import { manifest, pythonExtension, scriptExtension, world } from "./_world.ts";
import { diagnosticLine } from "../../../src/modes/common/diagnostics.ts";

async function place(dir: string, files: Record<string, string>): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(dir, rel), text);
    if (rel.endsWith(".py")) await Deno.chmod(join(dir, rel), 0o755);
  }
}

async function trustedProject() {
  const w = await world();
  await place(join(w.paths.projectExtensions, "lint"), {
    "extension.json": manifest({ name: "lint", exec: "./main.ts" }),
    "main.ts": scriptExtension("lint", w.marker),
  });
  const trusted = await w.run("trust", "--yes");
  assertEquals(trusted.code, 0, trusted.stderr);
  assertStringIncludes(trusted.stderr, `"lint" (lint): runs "./main.ts" sandboxed`);
  return w;
}

async function started(w: Awaited<ReturnType<typeof world>>) {
  const warnings: string[] = [];
  const sources = await discoverSources(
    w.paths,
    [],
    false,
    (d) => warnings.push(diagnosticLine(d)),
  );
  return { names: sources.map((s) => s.manifest.name), warnings: warnings.join("\n") };
}

Deno.test("trust pins: a plain extension added after the trust is held back; the rest run", async () => {
  await using w = await trustedProject();
  await place(join(w.paths.projectExtensions, "added"), {
    "extension.json": manifest({ name: "added", exec: "./run.py" }),
    "run.py": pythonExtension("added", w.marker),
  });
  const run = await started(w);
  assertEquals(run.names, ["lint"]);
  assertStringIncludes(
    run.warnings,
    `Not starting project extension "added": it was added after you trusted ${w.cwd} (run "zot trust" to review and allow it)`,
  );
  const rows = await w.doctor();
  assertEquals(rows.map((r) => [r.name, r.status]), [["added", "not loaded"], ["lint", "ok"]]);
  assertStringIncludes(rows[0].notes.join("\n"), "it was added after you trusted");
  assertEquals(await w.escaped(), false, "the added plain extension ran");
  // Trusting again says what is new and how it runs, then lets it run.
  const again = await w.run("trust", "--yes");
  assertStringIncludes(
    again.stderr,
    `"added" (added): runs "./run.py" as a plain program, NOT sandboxed, with your full privileges [new since the last trust]`,
  );
  assertEquals((await started(w)).names, ["added", "lint"]);
});

Deno.test("trust pins: a project extension whose exec changed is held back", async () => {
  await using w = await trustedProject();
  await place(join(w.paths.projectExtensions, "lint"), {
    "extension.json": manifest({ name: "lint", exec: "./run.py" }),
    "run.py": pythonExtension("lint", w.marker),
  });
  const run = await started(w);
  assertEquals(run.names, []);
  assertStringIncludes(
    run.warnings,
    `Not starting project extension "lint": it changed since you trusted ${w.cwd} (runs as sandboxed -> a plain program, NOT sandboxed; exec "./main.ts" -> "./run.py"; manifest edited; files changed: run.py added)`,
  );
  assertEquals((await w.doctor()).map((r) => r.status), ["not loaded"]);
  assertEquals(await w.escaped(), false);
  const again = await w.run("trust", "--yes");
  assertStringIncludes(again.stderr, `[changed: runs as sandboxed -> a plain program`);
  assertEquals((await started(w)).names, ["lint"]);
});

for (
  const [what, fields] of [
    ["args", { name: "lint", exec: "./main.ts", args: ["--fix"] }],
    ["enabled", { name: "lint", exec: "./main.ts", enabled: true }],
    ["description", { name: "lint", exec: "./main.ts", description: "now different" }],
  ] as const
) {
  Deno.test(`trust pins: a project manifest edited (${what}, same exec) is held back`, async () => {
    await using w = await trustedProject();
    await place(join(w.paths.projectExtensions, "lint"), { "extension.json": manifest(fields) });
    const edited = await started(w);
    assertEquals(edited.names, []);
    assertStringIncludes(
      edited.warnings,
      `it changed since you trusted ${w.cwd} (manifest edited)`,
    );
  });
}

Deno.test("trust pins: a renamed project extension is held back", async () => {
  await using w = await trustedProject();
  await place(join(w.paths.projectExtensions, "lint"), {
    "extension.json": manifest({ name: "lint2", exec: "./main.ts" }),
  });
  assertStringIncludes((await started(w)).warnings, `name "lint" -> "lint2"`);
});

for (
  const [kind, files] of [
    ["sandboxed", { "extension.json": manifest({ name: "x", exec: "./main.ts" }), "main.ts": "" }],
    ["plain", { "extension.json": manifest({ name: "x", exec: "./run.py" }), "run.py": "" }],
    ["plain (shell)", {
      "extension.json": manifest({ name: "x", exec: "./run.sh" }),
      "run.sh": "",
    }],
  ] as const
) {
  Deno.test(`trust pins: a trust recorded before sets were pinned holds a ${kind} extension back`, async () => {
    await using w = await world();
    await place(join(w.paths.projectExtensions, "x"), files);
    // The trust file as zot wrote it before it pinned sets.
    const key = await Deno.realPath(w.cwd);
    const legacy = { version: 1, projects: { [key]: { trusted_at: "2026-01-01T00:00:00.000Z" } } };
    await Deno.writeTextFile(w.paths.trust, JSON.stringify(legacy));
    const run = await started(w);
    assertEquals(run.names, []);
    assertStringIncludes(run.warnings, "trusted before zot pinned each extension");
    assertStringIncludes(run.warnings, `(run "zot trust" to review and allow it)`);
  });
}
