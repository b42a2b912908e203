/**
 * The markdown check: fences that do not close (or "close" with prose after
 * them and swallow the rest of the file), nested fences, relative links to
 * missing files and headings, and the repository's own documentation, which
 * must pass. The script itself runs against a small fake repository.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import {
  anchors,
  checkMarkdown,
  checkRepository,
  type MarkdownFiles,
  slug,
} from "../../scripts/check_markdown.ts";

const SCRIPT = fileURLToPath(new URL("../../scripts/check_markdown.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function fakeFiles(files: Record<string, string>): MarkdownFiles {
  return {
    exists: (p) => p in files || Object.keys(files).some((f) => f.startsWith(`${p}/`)),
    read: (p) => files[p],
  };
}

function check(text: string, others: Record<string, string> = {}) {
  return checkMarkdown("docs/a.md", text, fakeFiles({ "docs/a.md": text, ...others }))
    .map((f) => `${f.line}: ${f.message}`);
}

const FOUR = "````";
const THREE = "```";

Deno.test("markdown: a fence with prose after it does not close a longer block", () => {
  const text = [
    "# Title",
    `${FOUR}python`,
    "print(1)",
    `${THREE} Errors map exactly as above`,
    "## Swallowed",
    FOUR,
    "",
  ].join("\n");
  const found = check(text);
  assertEquals(found.length, 1, found.join("\n"));
  assertStringIncludes(
    found[0],
    "4: a fence followed by text does not close the block opened at line 2",
  );
});

Deno.test("markdown: a block left open is reported at its opening line", () => {
  const found = check(["intro", "```sh", "echo hi", "## Later heading", ""].join("\n"));
  assertEquals(found.length, 1, found.join("\n"));
  assertStringIncludes(found[0], "2: the code block opened here is never closed");
});

Deno.test("markdown: a shorter bare fence inside a longer block is reported", () => {
  const found = check([FOUR, "text", THREE, "more", FOUR, ""].join("\n"));
  assertEquals(found.length, 1, found.join("\n"));
  assertStringIncludes(found[0], "3: `" + THREE + "` does not close");
});

Deno.test("markdown: nested fences that pair up pass; an inner one left open does not", () => {
  const nested = [FOUR + "md", "```ts", "const x = 1;", THREE, FOUR, "", "~~~", "```", "~~~", ""];
  assertEquals(check(nested.join("\n")), []);
  const open = [THREE + "md", "```ts", "const x = 1;", THREE, "prose", ""];
  const found = check(open.join("\n"));
  assertEquals(found.length, 1, found.join("\n"));
  assertStringIncludes(found[0], "4: this fence closes the block opened at line 1");
});

Deno.test("markdown: relative links must point at existing files and headings", () => {
  const text = [
    "# Top",
    "See [b](b.md), [b's part](b.md#part-two), [missing](gone.md), [bad](b.md#nope),",
    "[here](#top), [nowhere](#elsewhere), [web](https://example.com/x.md), [up](../../x.md),",
    "`[code](not-a-link.md)` and [dir](../src).",
    "",
    "```md",
    "[inside code](ignored.md)",
    "```",
    "",
  ].join("\n");
  const found = check(text, { "docs/b.md": "# B\n\n## Part two\n", "src/x.ts": "" });
  assertEquals(found, [
    `2: link "gone.md" points at docs/gone.md, which does not exist`,
    `2: link "b.md#nope": docs/b.md has no heading with the anchor "#nope"`,
    `3: link "#elsewhere": docs/a.md has no heading with the anchor "#elsewhere"`,
    `3: link "../../x.md" leaves the repository (link inside it)`,
  ]);
});

Deno.test("markdown: anchors follow the heading slugs readers click", () => {
  assertEquals(slug("Guards fail closed"), "guards-fail-closed");
  assertEquals(slug("The `scope` field"), "the-scope-field");
  assertEquals(
    slug("Where zot differs from the reference host, and why"),
    "where-zot-differs-from-the-reference-host-and-why",
  );
  assertEquals([...anchors("# A\n## A\n```\n# not a heading\n```\n")], ["a", "a-1"]);
});

Deno.test("markdown: the repository's own documentation passes", () => {
  const found = checkRepository(ROOT).map((f) => `${f.file}:${f.line}: ${f.message}`);
  assertEquals(found, []);
});

Deno.test("markdown: the script exits 1 naming file and line, 0 when clean", async () => {
  await using dir = await tempDir();
  await Deno.mkdir(join(dir.path, "docs"));
  await Deno.mkdir(join(dir.path, "examples/x"), { recursive: true });
  await Deno.writeTextFile(join(dir.path, "README.md"), "[docs](docs/a.md)\n");
  await Deno.writeTextFile(join(dir.path, "docs/a.md"), "# A\n");
  await Deno.writeTextFile(join(dir.path, "examples/x/README.md"), "```sh\nrun\n");
  const run = async () => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", SCRIPT, "--root", dir.path],
      stdout: "piped",
      stderr: "piped",
    }).output();
    return { code: out.code, text: new TextDecoder().decode(out.stdout) };
  };
  const bad = await run();
  assertEquals(bad.code, 1);
  assertStringIncludes(
    bad.text,
    "examples/x/README.md:1: the code block opened here is never closed",
  );
  await Deno.writeTextFile(join(dir.path, "examples/x/README.md"), "```sh\nrun\n```\n");
  const good = await run();
  assertEquals(good.code, 0, good.text);
  assertStringIncludes(good.text, "3 files");
});
