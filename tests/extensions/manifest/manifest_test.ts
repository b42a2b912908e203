import { join } from "node:path";
import { loadManifest, readManifest } from "../../../src/extensions/manifest.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";

async function dirWith(root: string, name: string, manifest: string | undefined): Promise<string> {
  const dir = join(root, name);
  await Deno.mkdir(dir, { recursive: true });
  if (manifest !== undefined) await Deno.writeTextFile(join(dir, "extension.json"), manifest);
  return dir;
}

async function problemOf(root: string, manifest: string): Promise<string> {
  const dir = await dirWith(root, crypto.randomUUID(), manifest);
  const read = await readManifest(dir);
  assert(read.status === "invalid", `expected invalid, got ${read.status}`);
  return read.problem;
}

Deno.test("manifest: JSONC with comments, trailing commas and unknown keys", async () => {
  await using tmp = await tempDir();
  const dir = await dirWith(
    tmp.path,
    "todo",
    `{
  // the name
  "name": "todo", /* block */
  "version": "1.2.0",
  "exec": "./todo.py",
  "args": ["--fast",],
  "language": "python",
  "description": "todos",
  "scope": { "net": ["api.example.com"] },
  "x-custom": { "kept": true },
}`,
  );
  const loaded = await loadManifest(dir);
  assertEquals(loaded.diagnostics, []);
  const m = loaded.value!.manifest;
  assertEquals([m.name, m.version, m.exec, m.args, m.language, m.description, m.enabled], [
    "todo",
    "1.2.0",
    "./todo.py",
    ["--fast"],
    "python",
    "todos",
    true,
  ]);
  // A plain program with a scope runs in the OS sandbox: its scope is parsed like any other.
  assertEquals([m.scope?.net, m.raw.scope], [["api.example.com"], { net: ["api.example.com"] }]);
  assertEquals(m.raw["x-custom"], { kept: true });
  assertEquals(loaded.value!.manifestPath, join(dir, "extension.json"));
});

Deno.test("manifest: enabled false is kept, not an error", async () => {
  await using tmp = await tempDir();
  const dir = await dirWith(tmp.path, "a", `{"name":"a","exec":"x","enabled":false}`);
  const read = await readManifest(dir);
  assert(read.status === "ok");
  assertEquals(read.info.manifest.enabled, false);
});

Deno.test("manifest: a syntax error says what and where in words, not a parser code", async () => {
  await using tmp = await tempDir();
  const p = (m: string) => problemOf(tmp.path, m);
  const cases: [string, string][] = [
    [
      `{\n  "name": "w",\n  "exec": "x"\n  "v": 1\n}`,
      'expected "," between entries at line 4, column 3',
    ],
    [`{"name" "x"}`, 'expected ":" after the key at line 1, column 9'],
    [
      `{name: "x"}`,
      "unexpected character (keys and text values need double quotes) at line 1, column 2",
    ],
    [`{"name": "x"`, 'expected "}" to close the object at line 1, column 13'],
    [`{"name": "x`, `string not closed (missing '"') at line 1, column 10`],
    [`{"name": "x" /* c`, 'comment not closed (missing "*/") at line 1, column 14'],
  ];
  for (const [text, words] of cases) assertEquals(await p(text), `parse manifest: ${words}`);
});

Deno.test("manifest: every error text", async () => {
  await using tmp = await tempDir();
  const p = (m: string) => problemOf(tmp.path, m);
  assertEquals(await p(`{"name": }`), "parse manifest: expected a value at line 1, column 10");
  assertEquals(await p(`[1]`), "parse manifest: expected a JSON object");
  assertEquals(await p(`{"exec":"x"}`), "manifest: name is required");
  assertEquals(await p(`{"name":"  ","exec":"x"}`), "manifest: name is required");
  assertEquals(await p(`{"name":"a"}`), "manifest: exec, theme, or skills is required");
  assertEquals(await p(`{"name":"a","skills":[]}`), "manifest: exec, theme, or skills is required");
  assertEquals(
    await p(`{"name":"a","args":"x","exec":"x"}`),
    `manifest: field "args" must be an array of strings`,
  );
  assertEquals(
    await p(`{"name":"a","args":[1],"exec":"x"}`),
    `manifest: field "args" must be an array of strings`,
  );
  assertEquals(await p(`{"name":"a","exec":3}`), `manifest: field "exec" must be a string`);
  assertEquals(await p(`{"name":7,"exec":"x"}`), `manifest: field "name" must be a string`);
  assertEquals(
    await p(`{"name":"a","exec":"x","enabled":"no"}`),
    `manifest: field "enabled" must be true or false`,
  );
  assertStringIncludes(await p(`{"name":"../x","exec":"x"}`), "must not contain path separators");
  assertEquals(await p(`{"name":"a","skills":[""]}`), "manifest: empty skill path");
  assertEquals(
    await p(`{"name":"a","skills":["../outside"]}`),
    `manifest: skill path "../outside" escapes extension directory`,
  );
  assertEquals(
    await p(`{"name":"a","skills":["/etc"]}`),
    `manifest: skill path "/etc" escapes extension directory`,
  );
  assertStringIncludes(await p(`{"name":"a","skills":["nope"]}`), `manifest: skill path "nope": `);
});

Deno.test("manifest: skills must be a directory or SKILL.md, and stay inside", async () => {
  await using tmp = await tempDir();
  const dir = await dirWith(
    tmp.path,
    "bundle",
    `{"name":"Git Tools","skills":["skills","one/SKILL.md","notes.txt"]}`,
  );
  await Deno.mkdir(join(dir, "skills/Writing"), { recursive: true });
  await Deno.mkdir(join(dir, "one"));
  await Deno.writeTextFile(join(dir, "one/SKILL.md"), "---\ndescription: d\n---\n");
  await Deno.writeTextFile(join(dir, "notes.txt"), "x");
  const read = await readManifest(dir);
  assert(read.status === "invalid");
  assertEquals(read.problem, `manifest: skill path "notes.txt" is not a directory or SKILL.md`);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    `{"name":"Git Tools","skills":["skills","one/SKILL.md"]}`,
  );
  const ok = await readManifest(dir);
  assert(ok.status === "ok", JSON.stringify(ok));
  await Deno.mkdir(join(tmp.path, "elsewhere"));
  await Deno.symlink(join(tmp.path, "elsewhere"), join(dir, "link"));
  await Deno.writeTextFile(join(dir, "extension.json"), `{"name":"Git Tools","skills":["link"]}`);
  const escaped = await readManifest(dir);
  assert(escaped.status === "invalid");
  assertEquals(escaped.problem, `manifest: skill path "link" escapes extension directory`);
});

Deno.test("manifest: theme-only bundles need no exec", async () => {
  await using tmp = await tempDir();
  const a = await dirWith(tmp.path, "a", `{"name":"a"}`);
  await Deno.writeTextFile(join(a, "theme.json"), "{}");
  const b = await dirWith(tmp.path, "b", `{"name":"b"}`);
  await Deno.mkdir(join(b, "themes"));
  await Deno.writeTextFile(join(b, "themes/theme.json"), "{}");
  for (const [dir, theme] of [[a, "theme.json"], [b, "themes/theme.json"]]) {
    const read = await readManifest(dir);
    assert(read.status === "ok");
    assertEquals(read.info.themePath, join(dir, theme));
    assertEquals(read.info.manifest.exec, undefined);
  }
});

Deno.test("manifest: loadManifest diagnostics name the directory", async () => {
  await using tmp = await tempDir();
  const dir = await dirWith(tmp.path, "bad", `{"exec":"x"}`);
  const loaded = await loadManifest(dir);
  assertEquals(loaded.value, undefined);
  assertEquals(loaded.diagnostics.length, 1);
  assertEquals(loaded.diagnostics[0].message, `${dir}: manifest: name is required`);
  assertEquals(loaded.diagnostics[0].dir, dir);
  const missing = await loadManifest(await dirWith(tmp.path, "none", undefined));
  assertStringIncludes(missing.diagnostics[0].message, "missing extension.json");
});
