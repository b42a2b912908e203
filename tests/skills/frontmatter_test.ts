import { assertEquals } from "../helpers/assert.ts";
import { parseFrontmatter } from "../../src/skills/frontmatter.ts";

Deno.test("frontmatter: scalars, continuation lines, lists and nested maps", () => {
  const r = parseFrontmatter(
    [
      "---",
      "name: my-skill",
      "description: Does a thing",
      "  across two lines # comment",
      "allowed-tools: Read, Grep",
      "permissions:",
      "  read: true",
      "  paths:",
      "    - src/",
      '    - "tests/"',
      'tags: [a, "b c", 3]',
      "---",
      "# Body",
      "text",
    ].join("\n"),
  );
  assertEquals(r, {
    ok: true,
    data: {
      name: "my-skill",
      description: "Does a thing across two lines",
      "allowed-tools": "Read, Grep",
      permissions: { read: true, paths: ["src/", "tests/"] },
      tags: ["a", "b c", 3],
    },
    body: "# Body\ntext",
  });
});

Deno.test("frontmatter: block scalars, same-indent lists, quotes, CRLF", () => {
  const r = parseFrontmatter(
    [
      "---",
      "description: >-",
      "  Folded text",
      "  continues here",
      "notes: |",
      "  line1",
      "    indented",
      "allowed-tools:",
      "- Read",
      "- Bash",
      "quoted: 'it''s: fine'",
      "---",
      "body",
    ].join("\r\n"),
  );
  assertEquals(r, {
    ok: true,
    data: {
      description: "Folded text continues here",
      notes: "line1\n  indented\n",
      "allowed-tools": ["Read", "Bash"],
      quoted: "it's: fine",
    },
    body: "body",
  });
});

Deno.test("frontmatter: errors name the problem and the line", () => {
  assertEquals(parseFrontmatter("no frontmatter"), {
    ok: false,
    error: 'missing YAML frontmatter (start the file with a "---" line)',
  });
  assertEquals(parseFrontmatter("---\ndescription: x"), {
    ok: false,
    error: 'frontmatter is not closed (add a "---" line after it)',
  });
  assertEquals(parseFrontmatter("---\ndescription: x\nbad line\n---\n"), {
    ok: false,
    error: 'frontmatter line 3: expected "key: value", got "bad line"',
  });
  assertEquals(parseFrontmatter("---\na: 1\na: 2\n---\n"), {
    ok: false,
    error: 'frontmatter line 3: duplicate key "a"',
  });
  assertEquals(parseFrontmatter("---\na:\n\tb: 1\n---\n"), {
    ok: false,
    error: "frontmatter line 3: tabs are not allowed for indentation",
  });
  assertEquals(parseFrontmatter('---\na: "open\n---\n'), {
    ok: false,
    error: "frontmatter line 2: invalid double-quoted string",
  });
});
