/**
 * The scope is parsed once, when the manifest is loaded: a sandboxed
 * extension's manifest carries the typed, normalized scope (least privilege
 * without one), an invalid scope fails the load with the field named, and a
 * plain or passive extension's `scope` is not read (it runs unsandboxed, so
 * a scope grants it nothing), as before scopes were parsed at load.
 *
 * @module
 */

import { join } from "node:path";
import { discover } from "../../../src/extensions/discovery.ts";
import { readManifest } from "../../../src/extensions/manifest.ts";
import { defaultScope } from "../../../src/scope/scope.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempDir, tempZot } from "../../helpers/tmp.ts";

async function read(root: string, raw: Record<string, unknown>) {
  const dir = join(root, crypto.randomUUID());
  await Deno.mkdir(dir);
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(raw));
  return await readManifest(dir);
}

Deno.test("a sandboxed manifest carries its parsed, normalized scope", async () => {
  await using tmp = await tempDir();
  const r = await read(tmp.path, {
    name: "w",
    exec: "./main.ts",
    scope: {
      net: ["B.example.com", "a.example.com", "a.example.com"],
      read: ["${project}//docs/"],
    },
  });
  assert(r.status === "ok");
  const scope = r.info.manifest.scope!;
  assertEquals(scope.net, ["a.example.com", "b.example.com"]);
  assertEquals(scope.read, ["${project}/docs"]);
  assertEquals(scope.memory, defaultScope().memory);
});

Deno.test("a sandboxed manifest without a scope carries least privilege", async () => {
  await using tmp = await tempDir();
  for (const exec of ["./main.ts", "./main.MJS", "./app.tsx"]) {
    const r = await read(tmp.path, { name: "w", exec });
    assert(r.status === "ok", exec);
    assertEquals(r.info.manifest.scope, defaultScope(), exec);
  }
});

Deno.test("an invalid scope of a sandboxed extension fails the load, naming the field", async () => {
  await using tmp = await tempDir();
  const cases: [unknown, string][] = [
    [{ net: ["http://x"] }, `scope.net[0]: "http://x" is not a host or host:port`],
    [{ write: ["${project}/../up"] }, `scope.write[0]: "\${project}/../up" must not contain ".."`],
    [{ everything: true }, `scope."everything" is not a known key`],
    [["read"], "scope must be an object"],
    [{ memory: 1 }, "scope.memory must be a whole number of MB"],
  ];
  for (const [scope, why] of cases) {
    const r = await read(tmp.path, { name: "w", exec: "./main.ts", scope });
    assert(r.status === "invalid", JSON.stringify(scope));
    assertStringIncludes(r.problem, `manifest: invalid scope: ${why}`);
    assertEquals(r.name, "w");
  }
});

Deno.test("a plain program without a scope has none (it runs with full privileges)", async () => {
  await using tmp = await tempDir();
  const r = await read(tmp.path, { name: "p", exec: "python3" });
  assert(r.status === "ok");
  assertEquals(r.info.manifest.scope, undefined);
});

Deno.test("a plain program's scope is parsed, and an invalid one refuses the load", async () => {
  await using tmp = await tempDir();
  for (
    const raw of [
      { name: "p", exec: "./tool.py", scope: { net: ["http://x"] } },
      { name: "p", exec: "python3", scope: "anything" },
    ]
  ) {
    const r = await read(tmp.path, raw);
    assert(r.status === "invalid", JSON.stringify(raw));
    assertStringIncludes(r.problem, "manifest: invalid scope:");
  }
  const ok = await read(tmp.path, { name: "p", exec: "./tool.py", scope: {} });
  assert(ok.status === "ok");
  assertEquals(ok.info.manifest.scope?.net, []);
});

Deno.test("a plain program's scope entry the OS sandbox cannot enforce is refused with why", async () => {
  await using tmp = await tempDir();
  const cases: [Record<string, unknown>, string][] = [
    [{ run: ["git"] }, "scope.run cannot be enforced for a plain program"],
    [{ sys: ["hostname"] }, "scope.sys cannot be enforced for a plain program"],
    [{ import: ["deno.land"] }, "scope.import cannot be enforced for a plain program"],
    [{ memory: 512 }, "scope.memory cannot be enforced for a plain program"],
    [{ net: ["[::1]:80"] }, "not IPv6 literals"],
  ];
  for (const [scope, why] of cases) {
    const r = await read(tmp.path, { name: "p", exec: "./tool.sh", scope });
    assert(r.status === "invalid", JSON.stringify(scope));
    assertStringIncludes(r.problem, why);
  }
  // The same entries are fine for a sandboxed extension, which Deno confines.
  const ts = await read(tmp.path, { name: "w", exec: "./main.ts", scope: { run: ["git"] } });
  assert(ts.status === "ok");
});

Deno.test("discovery reports an invalid scope as a load diagnostic naming the directory", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.extensions, "weather");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(join(dir, "main.ts"), "export {};\n");
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "weather", exec: "./main.ts", scope: { net: ["0x7f.1"] } }),
  );
  const found = await discover({ paths: z.paths });
  assertEquals(found.value.map((s) => s.manifest.name), []);
  assertEquals(found.diagnostics.length, 1);
  assertEquals(found.diagnostics[0].severity, "error");
  assertStringIncludes(
    found.diagnostics[0].message,
    `${dir}: manifest: invalid scope: scope.net[0]`,
  );
});
