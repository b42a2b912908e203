/**
 * An update (`git pull` in an install directory) that changes what an
 * extension is does not start it unasked: another exec (a Python program, a
 * `.tsx` with a `deno run -A` shebang, a `.cjs`), another name, another
 * kind, a wider scope. `zot ext grant` shows the change and records it.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { manifest, pythonExtension, type Row, scriptExtension, world } from "./_world.ts";

const one = (rows: Row[], name: string): Row => {
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`no row for "${name}": ${JSON.stringify(rows)}`);
  return row;
};

async function installedTs(name = "wx") {
  const w = await world();
  const url = await w.publish(name, {
    "extension.json": manifest({ name, exec: "./main.ts" }),
    "main.ts": scriptExtension(name, w.marker),
  });
  const r = await w.run("ext", "install", url, "--yes");
  assertEquals(r.code, 0, r.stderr);
  assertEquals(one(await w.doctor(name), name).status, "ok");
  assertEquals(await w.escaped(), false);
  return w;
}

Deno.test("identity: an update changing exec main.ts -> run.py does not start the Python program", async () => {
  await using w = await installedTs();
  await w.publish("wx", {
    "extension.json": manifest({ name: "wx", exec: "./run.py" }),
    "run.py": pythonExtension("wx", w.marker),
  });
  await w.pull("wx");
  const row = one(await w.doctor("wx"), "wx");
  assertEquals(row.status, "error");
  const error = row.errors.join("\n");
  assertStringIncludes(error, `it changed since you agreed to it (`);
  assertStringIncludes(error, `runs as sandboxed -> a plain program, NOT sandboxed`);
  assertStringIncludes(error, `exec "./main.ts" -> "./run.py"`);
  assertStringIncludes(error, `(run "zot ext grant wx")`);
  assertEquals(await w.escaped(), false, "the Python program ran");
});

Deno.test("identity: an update to main.tsx with a deno run -A shebang is refused, then runs sandboxed once granted", async () => {
  await using w = await installedTs();
  await w.publish("wx", {
    "extension.json": manifest({ name: "wx", exec: "./main.tsx" }),
    "main.tsx": scriptExtension("wx", w.marker, { shebang: true }),
  });
  await w.pull("wx");
  const refused = one(await w.doctor("wx"), "wx");
  assertEquals(refused.status, "error");
  assertStringIncludes(refused.errors.join("\n"), `exec "./main.ts" -> "./main.tsx"`);
  assertEquals(await w.escaped(), false);
  // Granting it again records the new exec; the shebang still decides nothing.
  const grant = await w.run("ext", "grant", "wx", "--yes");
  assertEquals(grant.code, 0, grant.stderr);
  assertStringIncludes(
    grant.stderr,
    `changed since the last grant: exec "./main.ts" -> "./main.tsx"`,
  );
  const row = one(await w.doctor("wx"), "wx");
  assertEquals([row.status, row.sandboxed], ["ok", true], JSON.stringify(row));
  assertEquals(await w.escaped(), false, "main.tsx ran with its shebang's permissions");
});

Deno.test("identity: an update to main.cjs is refused until granted, and runs sandboxed", async () => {
  await using w = await installedTs();
  await w.publish("wx", {
    "extension.json": manifest({ name: "wx", exec: "./main.cjs" }),
    "main.cjs": scriptExtension("wx", w.marker, { shebang: true, main: true }),
  });
  await w.pull("wx");
  const refused = one(await w.doctor("wx"), "wx");
  assertStringIncludes(refused.errors.join("\n"), `exec "./main.ts" -> "./main.cjs"`);
  assertEquals((await w.run("ext", "grant", "wx", "--yes")).code, 0);
  const row = one(await w.doctor("wx"), "wx");
  assertEquals([row.status, row.sandboxed], ["ok", true], JSON.stringify(row));
  assertEquals(await w.escaped(), false);
});

Deno.test("identity: an update renaming the manifest is refused (the name picks the data directory)", async () => {
  await using w = await installedTs();
  await w.publish("wx", {
    "extension.json": manifest({ name: "todo", exec: "./main.ts" }),
    "main.ts": scriptExtension("todo", w.marker),
  });
  await w.pull("wx");
  const row = one(await w.doctor("todo"), "todo");
  assertEquals(row.status, "error");
  assertStringIncludes(row.errors.join("\n"), `name "wx" -> "todo"`);
  assertStringIncludes(row.errors.join("\n"), `(run "zot ext grant todo")`);
  // It never reached the data directory of the name it claims.
  await Deno.stat(join(w.paths.extensionData, "todo")).then(
    () => Promise.reject(new Error("a data directory was made for the new name")),
    () => {},
  );
});

Deno.test("identity: an update turning a plain program into a sandboxed one is a kind change", async () => {
  await using w = await world();
  const url = await w.publish("py", {
    "extension.json": manifest({ name: "py", exec: "./run.py" }),
    "run.py": pythonExtension("py", w.marker),
  });
  assertEquals((await w.run("ext", "install", url, "--yes")).code, 0);
  await Deno.remove(w.marker).catch(() => {});
  await w.publish("py", {
    "extension.json": manifest({ name: "py", exec: "./main.ts" }),
    "main.ts": scriptExtension("py", w.marker),
  });
  await w.pull("py");
  const row = one(await w.doctor("py"), "py");
  assertEquals(row.status, "error");
  assertStringIncludes(
    row.errors.join("\n"),
    `runs as a plain program, NOT sandboxed -> sandboxed; exec "./run.py" -> "./main.ts"`,
  );
});

Deno.test("identity: a theme-only bundle that gains an exec does not start unasked", async () => {
  await using w = await world();
  const url = await w.publish("nord", {
    "extension.json": manifest({ name: "nord" }),
    "theme.json": "{}\n",
  });
  const installed = await w.run("ext", "install", url);
  // Nothing runs, so nothing to agree to: no terminal needed.
  assertEquals(installed.code, 0, installed.stderr);
  await w.publish("nord", {
    "extension.json": manifest({ name: "nord", exec: "./run.py" }),
    "run.py": pythonExtension("nord", w.marker),
  });
  await w.pull("nord");
  const row = one(await w.doctor("nord"), "nord");
  assertStringIncludes(
    row.errors.join("\n"),
    `runs as no program (theme or skills only) -> a plain program`,
  );
  assertEquals(await w.escaped(), false);
});

Deno.test("identity: an update widening a granted scope is refused and says what widened", async () => {
  await using w = await world();
  const url = await w.publish("wx", {
    "extension.json": manifest({ name: "wx", exec: "./main.ts", scope: { env: ["WX_*"] } }),
    "main.ts": scriptExtension("wx", w.marker),
  });
  assertEquals((await w.run("ext", "install", url, "--yes")).code, 0);
  assertEquals(one(await w.doctor("wx"), "wx").status, "ok");
  await w.publish("wx", {
    "extension.json": manifest({
      name: "wx",
      exec: "./main.ts",
      scope: { env: ["WX_*"], write: ["${home}"] },
    }),
  });
  await w.pull("wx");
  const row = one(await w.doctor("wx"), "wx");
  assertStringIncludes(
    row.errors.join("\n"),
    "its scope widened since you granted it (write: +${home})",
  );
});

Deno.test("identity: an update editing only other fields (version, description) still starts", async () => {
  await using w = await installedTs();
  await w.publish("wx", {
    "extension.json": manifest({
      name: "wx",
      exec: "./main.ts",
      version: "2.0.0",
      description: "now with more",
    }),
  });
  await w.pull("wx");
  const row = one(await w.doctor("wx"), "wx");
  assertEquals(row.status, "ok", JSON.stringify(row));
  assert(!(await w.escaped()));
});
