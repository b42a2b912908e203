// A manifest holding a control character anywhere (value or key, known field or not) is refused
// at load, naming the field; so is absurd nesting, without overflowing any stack.
import { join } from "node:path";
import { loadManifest, readManifest } from "../../../src/extensions/manifest.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";

async function problemOf(root: string, manifest: unknown | string): Promise<string> {
  const dir = join(root, crypto.randomUUID());
  await Deno.mkdir(dir);
  const text = typeof manifest === "string" ? manifest : JSON.stringify(manifest);
  await Deno.writeTextFile(join(dir, "extension.json"), text);
  const read = await readManifest(dir);
  assert(read.status === "invalid", `expected invalid, got ${read.status}`);
  return read.problem;
}

const base = { name: "x", exec: "./main.ts" };

Deno.test("manifest text: ESC, C1 and DEL in scope entries, args and nested scope are refused by field", async () => {
  await using tmp = await tempDir();
  const p = (m: unknown) => problemOf(tmp.path, m);
  assertEquals(
    await p({ ...base, scope: { run: ["\x1b[1A\x1b[2K"] } }),
    "extension.json: scope.run[0] contains a control character (U+001B)",
  );
  assertEquals(
    await p({ ...base, args: ["ok", "a\u009b2Kb"] }),
    "extension.json: args[1] contains a control character (U+009B)",
  );
  assertEquals(
    await p({ ...base, scope: { read: ["${project}/a"], net: ["a.example", "b\x7f"] } }),
    "extension.json: scope.net[1] contains a control character (U+007F)",
  );
  assertEquals(
    await p({ ...base, description: "two\nlines" }),
    "extension.json: description contains a control character (U+000A)",
  );
});

Deno.test("manifest text: name, exec, skills, unknown keys, key names and bidi controls are covered too", async () => {
  await using tmp = await tempDir();
  const p = (m: unknown) => problemOf(tmp.path, m);
  assertEquals(
    await p({ name: "x\r", exec: "./m.ts" }),
    "extension.json: name contains a control character (U+000D)",
  );
  assertEquals(
    await p({ name: "x", exec: "./m\x07.ts" }),
    "extension.json: exec contains a control character (U+0007)",
  );
  assertEquals(
    await p({ ...base, skills: ["s\x1b]0;t\x07"] }),
    "extension.json: skills[0] contains a control character (U+001B)",
  );
  assertEquals(
    await p({ ...base, "x-meta": { deep: [{ "odd key": ["\x00"] }] } }),
    'extension.json: x-meta.deep[0]["odd key"][0] contains a control character (U+0000)',
  );
  assertEquals(
    await p({ ...base, scope: { ["net\x1b[8m"]: [] } }),
    "extension.json: a key in scope contains a control character (U+001B)",
  );
  assertEquals(
    await p({ ...base, scope: { write: ["${data}/\u202etxt.exe"] } }),
    "extension.json: scope.write[0] contains a bidirectional control character (U+202E)",
  );
});

Deno.test("manifest text: the problem names the directory and never the hostile text", async () => {
  await using tmp = await tempDir();
  const dir = join(tmp.path, "evil");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    // JSONC (a comment) takes the other parser; the check runs on its result as well.
    `// hostile\n{"name":"evil","exec":"./m.ts","scope":{"run":["\\u001b[2K\\u001b[1A"]}}`,
  );
  const loaded = await loadManifest(dir);
  assertEquals(loaded.value, undefined);
  const message = loaded.diagnostics[0].message;
  assertEquals(
    message,
    `${dir}: extension.json: scope.run[0] contains a control character (U+001B)`,
  );
  assert(!message.includes("\x1b"));
});

Deno.test("manifest text: nesting past 64 levels is refused, also 200,000 deep, in JSON and JSONC", async () => {
  await using tmp = await tempDir();
  const p = (m: string) => problemOf(tmp.path, m);
  const nested = (n: number) => `{"name":"x","exec":"./m.ts","x":${"[".repeat(n)}${"]".repeat(n)}}`;
  assertStringIncludes(await p(nested(70)), "is nested deeper than 64 levels");
  assertStringIncludes(await p(nested(200_000)), "is nested deeper than 64 levels");
  assertStringIncludes(await p(`// c\n${nested(200_000)}`), "nested too deeply");
  // A plain manifest nested a little is fine.
  const dir = join(tmp.path, "ok");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(join(dir, "extension.json"), nested(10));
  assertEquals((await readManifest(dir)).status, "ok");
});
