/**
 * The lists in the documentation that readers rely on stay complete: every
 * built-in slash command is named in the README, and every example extension
 * is in the examples' README table and in docs/extensions.md.
 */

import { fileURLToPath } from "node:url";
import { assert } from "../helpers/assert.ts";
import { BUILTINS } from "../../src/modes/interactive/commands/registry.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => Deno.readTextFile(`${ROOT}${path}`);

Deno.test("docs: the README names every built-in slash command", async () => {
  const readme = await read("README.md");
  const missing = BUILTINS.map((c) => `/${c.name}`).filter((n) => !readme.includes(`\`${n}\``));
  assert(missing.length === 0, `README.md does not mention ${missing.join(", ")}`);
});

Deno.test("docs: every example extension is listed where the examples are described", async () => {
  const names = [...Deno.readDirSync(`${ROOT}examples/extensions`)]
    .filter((e) => e.isDirectory)
    .map((e) => e.name)
    .sort();
  assert(names.length >= 10, `found ${names}`);
  for (const doc of ["examples/extensions/README.md", "docs/extensions.md", "README.md"]) {
    const text = await read(doc);
    const missing = names.filter((n) => !text.includes(`\`${n}\``) && !text.includes(`[${n}]`));
    assert(missing.length === 0, `${doc} does not list the example(s) ${missing.join(", ")}`);
  }
});
