/**
 * The start-time check of what the user agreed to, against the real store
 * and real extension directories: a store that cannot be read grants
 * nothing (and is never taken for a first start), a directory zot never
 * recorded is recorded at its first start, an older grant is upgraded only
 * when it is still the same kind, and only other manifest fields changing is
 * allowed.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { checkConsent } from "../../../src/extensions/consent_check.ts";
import { findGrant, grantKey, removeGrant, saveRecord } from "../../../src/sandbox/grants.ts";
import { isProjectTrusted, trustProject } from "../../../src/extensions/trust.ts";
import { planLaunch } from "../../../src/extensions/launch.ts";
import type { ExtensionSource, SourceKind } from "../../../src/extensions/types.ts";
import { readManifest } from "../../../src/extensions/manifest.ts";

async function ext(
  root: string,
  dir: string,
  fields: Record<string, unknown>,
  files: Record<string, string> = {},
  kind: SourceKind = "global",
): Promise<ExtensionSource> {
  const path = join(root, dir);
  await Deno.mkdir(path, { recursive: true });
  await Deno.writeTextFile(join(path, "extension.json"), JSON.stringify(fields));
  for (const [rel, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(path, rel), text);
    await Deno.chmod(join(path, rel), 0o755);
  }
  const read = await readManifest(path);
  if (read.status !== "ok") throw new Error(JSON.stringify(read));
  return { ...read.info, dir: path, kind };
}

Deno.test("consent check: a directory never recorded is recorded at its first start, then pinned", async () => {
  await using z = await tempZot();
  const src = await ext(z.paths.extensions, "sh", { name: "sh", exec: "./run.sh" });
  assertEquals(await checkConsent(src, z.paths), { ok: true });
  const rec = await findGrant(z.paths.grants, src.dir);
  assertEquals([rec?.name, rec?.exec, rec?.kind, rec?.via], [
    "sh",
    "./run.sh",
    "plain",
    "first start",
  ]);
  const changed = await ext(z.paths.extensions, "sh", { name: "sh", exec: "./other.sh" });
  const refused = await checkConsent(changed, z.paths);
  assert(!refused.ok);
  assertEquals(
    refused.why,
    `it changed since you agreed to it (exec "./run.sh" -> "./other.sh") (run "zot ext grant sh")`,
  );
  // Only other fields changing is allowed: it grants nothing new.
  const edited = await ext(z.paths.extensions, "sh", {
    name: "sh",
    exec: "./run.sh",
    version: "2",
    enabled: false,
  });
  assertEquals(await checkConsent(edited, z.paths), { ok: true });
});

for (
  const [what, text] of [
    ["not JSON", "{ not json"],
    ["grants not an object", `{"version":2,"grants":[]}`],
    ["an array", "[]"],
  ]
) {
  Deno.test(`consent check: a store that cannot be read (${what}) grants nothing and records nothing`, async () => {
    await using z = await tempZot();
    const src = await ext(z.paths.extensions, "sh", { name: "sh", exec: "./run.sh" });
    await Deno.writeTextFile(z.paths.grants, text);
    const refused = await checkConsent(src, z.paths);
    assert(!refused.ok);
    assertStringIncludes(refused.why, "what you agreed to cannot be read");
    assertStringIncludes(refused.why, `(run "zot ext grant sh")`);
    assertEquals(await Deno.readTextFile(z.paths.grants), text, "the first start was recorded");
  });
}

Deno.test("consent check: a malformed record of the directory grants nothing", async () => {
  await using z = await tempZot();
  const src = await ext(z.paths.extensions, "sh", { name: "sh", exec: "./run.sh" });
  const key = await grantKey(src.dir);
  await Deno.writeTextFile(
    z.paths.grants,
    JSON.stringify({ version: 2, grants: { [key]: { name: "sh", kind: "root" } } }),
  );
  const bad = await checkConsent(src, z.paths);
  assert(!bad.ok);
  assertStringIncludes(bad.why, "is malformed");
});

Deno.test("consent check: a grant from before exec was recorded is upgraded only while sandboxed", async () => {
  await using z = await tempZot();
  const ts = await ext(z.paths.extensions, "wx", {
    name: "wx",
    exec: "./main.ts",
    scope: { net: ["a.io"] },
  });
  const key = await grantKey(ts.dir);
  const v1 = { name: "wx", scope: { net: ["a.io"] }, granted_at: "2026-01-01T00:00:00.000Z" };
  await Deno.writeTextFile(z.paths.grants, JSON.stringify({ version: 1, grants: { [key]: v1 } }));
  assertEquals(await checkConsent(ts, z.paths), { ok: true });
  assertEquals((await findGrant(z.paths.grants, ts.dir))?.exec, "./main.ts");
  // The same old grant for what is now a plain program (or no program) is a kind change.
  for (
    const [fields, now] of [
      [{ name: "wx", exec: "./run.py" }, "a plain program, NOT sandboxed"],
      [{ name: "wx", exec: "./run.sh" }, "a plain program, NOT sandboxed"],
      [{ name: "wx", skills: ["skills"] }, "no program (theme or skills only)"],
    ] as const
  ) {
    await Deno.writeTextFile(z.paths.grants, JSON.stringify({ version: 1, grants: { [key]: v1 } }));
    await Deno.mkdir(join(ts.dir, "skills"), { recursive: true });
    const changed = await ext(z.paths.extensions, "wx", fields);
    const refused = await checkConsent(changed, z.paths);
    assert(!refused.ok, JSON.stringify(fields));
    assertStringIncludes(refused.why, `runs as sandboxed -> ${now}`);
  }
});

Deno.test("consent check: --ext is exempt; project extensions are pinned by trust, not recorded here", async () => {
  await using z = await tempZot();
  const explicit = await ext(z.root, "work", { name: "w", exec: "./run.sh" }, {}, "explicit");
  assertEquals(await checkConsent(explicit, z.paths), { ok: true });
  const project = await ext(
    z.paths.projectExtensions,
    "p",
    { name: "p", exec: "./run.sh" },
    {},
    "project",
  );
  assertEquals(await checkConsent(project, z.paths), { ok: true });
  assertEquals(await findGrant(z.paths.grants, explicit.dir), undefined);
  assertEquals(await findGrant(z.paths.grants, project.dir), undefined);
});

for (
  const file of ["m.tsx", "m.jsx", "m.cjs", "m.cts", "m.TS", "m.Mjs", "m.Tsx", "m.js", "m.mts"]
) {
  Deno.test(`a shebang never decides: ${file} with a deno run -A shebang is planned sandboxed`, async () => {
    await using z = await tempZot();
    const shebang = "#!/usr/bin/env -S deno run -A\nexport {};\n";
    const src = await ext(
      z.root,
      "x",
      { name: "x", exec: `./${file}` },
      { [file]: shebang },
      "explicit",
    );
    const plan = await planLaunch(src, { paths: z.paths });
    assert(plan.ok, plan.ok ? "" : plan.error);
    assertEquals(plan.plan.sandboxed, true);
    // Started from an empty environment, as only the sandbox runner is.
    assertEquals(plan.plan.clearEnv, true);
  });
}

for (const spelling of ["./run", "bin/run", "absolute"]) {
  Deno.test(`a shebang never decides: a link in the extension (${spelling}) to a script is refused`, async () => {
    await using z = await tempZot();
    const dir = join(z.root, "linked");
    const script = join(dir, "main.tsx");
    const exec = spelling === "absolute" ? join(dir, "run") : spelling;
    const src = await ext(z.root, "linked", { name: "linked", exec }, {
      "main.tsx": "#!/usr/bin/env -S deno run -A\nexport {};\n",
    }, "explicit");
    await Deno.mkdir(join(dir, "bin"), { recursive: true });
    await Deno.symlink(script, join(dir, "run"));
    await Deno.symlink(script, join(dir, "bin", "run"));
    const plan = await planLaunch(src, { paths: z.paths });
    assert(!plan.ok, exec);
    assertStringIncludes(plan.error, `exec "${exec}" leads to ${script}`);
    assertStringIncludes(plan.error, "which runs only sandboxed");
  });
}

Deno.test("a shebang never decides: a program outside the extension that is a script (npx) is the system's", async () => {
  await using z = await tempZot();
  const outside = join(z.root, "tools", "cli.js");
  await Deno.mkdir(join(z.root, "tools"), { recursive: true });
  await Deno.writeTextFile(outside, "#!/bin/sh\n");
  await Deno.chmod(outside, 0o755);
  await Deno.symlink(outside, join(z.root, "tools", "tool"));
  const exec = join(z.root, "tools", "tool");
  const system = await ext(z.root, "sys", { name: "sys", exec }, {}, "explicit");
  assert((await planLaunch(system, { paths: z.paths })).ok);
});

Deno.test("the store: concurrent records (a run's first start, a grant elsewhere) never lose one", async () => {
  await using z = await tempZot();
  const dirs = Array.from({ length: 12 }, (_, i) => join(z.paths.extensions, `e${i}`));
  await Promise.all(dirs.map((dir, i) =>
    saveRecord(z.paths.grants, dir, {
      name: `e${i}`,
      exec: "./run.sh",
      kind: "plain",
      manifestSha256: "",
      via: "grant",
    })
  ));
  for (const dir of dirs) assert(await findGrant(z.paths.grants, dir), `lost the record of ${dir}`);
});

for (
  const [what, fields] of [
    ["exec", { name: "sh", exec: "./other.sh" }],
    ["name", { name: "sh2", exec: "./run.sh" }],
    ["kind", { name: "sh", exec: "./run.ts" }],
  ] as const
) {
  Deno.test(`planLaunch: an installed plain program whose ${what} changed does not start`, async () => {
    await using z = await tempZot();
    const files = { "run.sh": "#!/bin/sh\n", "other.sh": "#!/bin/sh\n", "run.ts": "" };
    const first = await ext(z.paths.extensions, "sh", { name: "sh", exec: "./run.sh" }, files);
    assert((await planLaunch(first, { paths: z.paths })).ok);
    const changed = await ext(z.paths.extensions, "sh", fields);
    const plan = await planLaunch(changed, { paths: z.paths });
    assert(!plan.ok);
    assertStringIncludes(plan.error, `: it changed since you agreed to it (`);
  });
}

Deno.test("the store: concurrent removes and records keep every record they did not remove", async () => {
  await using z = await tempZot();
  const dirs = Array.from({ length: 12 }, (_, i) => join(z.paths.extensions, `e${i}`));
  const rec = (i: number) => ({
    name: `e${i}`,
    exec: "./run.sh",
    kind: "plain" as const,
    manifestSha256: "",
    via: "grant",
  });
  for (const [i, dir] of dirs.entries()) if (i % 2) await saveRecord(z.paths.grants, dir, rec(i));
  await Promise.all(
    dirs.map((dir, i) =>
      i % 2 ? removeGrant(z.paths.grants, dir) : saveRecord(z.paths.grants, dir, rec(i))
    ),
  );
  for (const [i, dir] of dirs.entries()) {
    assertEquals(Boolean(await findGrant(z.paths.grants, dir)), i % 2 === 0, dir);
  }
});

Deno.test("the store: concurrent zot trust of several projects keeps every trust", async () => {
  await using z = await tempZot();
  const projects = await Promise.all(Array.from({ length: 12 }, async (_, i) => {
    const dir = join(z.root, `p${i}`);
    await Deno.mkdir(dir);
    return dir;
  }));
  await Promise.all(projects.map((dir) => trustProject(z.paths.trust, dir)));
  for (const dir of projects) assert(await isProjectTrusted(z.paths.trust, dir), dir);
});
