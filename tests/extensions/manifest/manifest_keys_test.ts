import { join } from "node:path";
import { duplicateKeyProblem } from "../../../src/extensions/manifest_keys.ts";
import { readManifest } from "../../../src/extensions/manifest.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";

Deno.test("manifest keys: a repeated key is named with where it is", () => {
  const cases: [string, string][] = [
    [`{"name":"a","enabled":false,"enabled":true}`, `key "enabled" appears twice at the top level`],
    [`{"name":"a","scope":{"net":[],"net":["x"]}}`, `key "net" appears twice in scope`],
    [`{"a":[{"k":1},{"k":1,"k":2}]}`, `key "k" appears twice in a[1]`],
    // Escapes are compared after decoding: "\u0065nabled" is "enabled".
    [`{"enabled":true,"\\u0065nabled":false}`, `key "enabled" appears twice at the top level`],
    [
      `{\n  // "enabled": "in a comment"\n  "enabled": true, /* "x" */ "enabled" : false\n}`,
      `key "enabled" appears twice at the top level`,
    ],
  ];
  for (const [text, expected] of cases) {
    assertStringIncludes(duplicateKeyProblem(text) ?? "", expected, text);
  }
});

Deno.test("manifest keys: equal keys in different objects, keys in strings and comments are fine", () => {
  for (
    const text of [
      `{"name":"a","scope":{"name":"b"},"x":[{"k":1},{"k":2}]}`,
      `{"name":"say \\"name\\": twice","args":["\\"name\\":","name"]}`,
      `{\n  // "name": 1\n  "name": "a", /* "name": 2 */\n}`,
      `{"a":{"b":1},"b":{"a":1}}`,
    ]
  ) {
    assertEquals(duplicateKeyProblem(text), undefined, text);
  }
});

Deno.test("manifest keys: a manifest with two enabled keys is refused at load (JSON and JSONC)", async () => {
  await using tmp = await tempDir();
  for (
    const text of [
      `{"name":"dup","exec":"./x","enabled":false,"enabled":true}`,
      `{\n  "name": "dup", // JSONC\n  "exec": "./x",\n  "enabled": false,\n  "enabled": true,\n}`,
    ]
  ) {
    const dir = join(tmp.path, crypto.randomUUID());
    await Deno.mkdir(dir);
    await Deno.writeTextFile(join(dir, "extension.json"), text);
    const read = await readManifest(dir);
    assert(read.status === "invalid", text);
    assertEquals(
      read.problem,
      `extension.json: key "enabled" appears twice at the top level (keep one of them)`,
    );
  }
});

Deno.test("manifest: a name over 128 bytes is refused at load, one of 128 loads", async () => {
  await using tmp = await tempDir();
  for (
    const [name, problem] of [["a".repeat(129), "name is 129 bytes long"], ["a".repeat(128), ""]]
  ) {
    const dir = join(tmp.path, crypto.randomUUID());
    await Deno.mkdir(dir);
    await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify({ name, exec: "./x" }));
    const read = await readManifest(dir);
    if (problem) {
      assert(read.status === "invalid");
      assertStringIncludes(read.problem, problem);
    } else assertEquals(read.status, "ok");
  }
});
