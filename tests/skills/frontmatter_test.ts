import { assertEquals } from "../helpers/assert.ts";
import {
  MAX_DEPTH,
  MAX_FRONTMATTER_CHARS,
  parseFrontmatter,
} from "../../src/skills/frontmatter.ts";

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

Deno.test("frontmatter: errors name the problem, the line and the remedy", () => {
  assertEquals(parseFrontmatter("no frontmatter"), {
    ok: false,
    error: 'missing YAML frontmatter (start the file with a "---" line)',
  });
  assertEquals(parseFrontmatter("---\ndescription: x"), {
    ok: false,
    error: 'frontmatter is not closed (add a "---" line after it)',
  });
  const cases: [string, string][] = [
    ["---\ndescription: x\nbad line\n---\n", "frontmatter line 3: "],
    ["---\na: 1\na: 2\n---\n", "frontmatter line 3: duplicated mapping key (keep one of them)"],
    [
      "---\na:\n\tb: 1\n---\n",
      "frontmatter line 3: tab characters must not be used in indentation (indent with spaces)",
    ],
    [
      '---\na: "open\n---\n',
      "frontmatter line 2: unexpected end of the stream within a double quoted scalar",
    ],
    [
      "---\nname: x\ndescription: Use when: asked\n---\n",
      'frontmatter line 3: bad indentation of a mapping entry (put the value in quotes when it contains ": ")',
    ],
    ["---\na: 1\n--- x\nb: 2\n---\n", "frontmatter line 4: "],
    ["---\n- a\n---\n", "frontmatter must be a mapping of keys to values"],
    ["---\nplain text\n---\n", "frontmatter must be a mapping of keys to values"],
  ];
  for (const [text, want] of cases) assertError(text, want);
});

Deno.test("frontmatter: an empty block is an empty mapping; __proto__ stays a plain key", () => {
  assertEquals(parseFrontmatter("---\n---\nbody"), { ok: true, data: {}, body: "body" });
  const r = parseFrontmatter("---\n__proto__: {polluted: 1}\ndescription: d\n---\n");
  if (!r.ok) throw new Error(r.error);
  assertEquals(Object.getPrototypeOf(r.data), Object.prototype);
  assertEquals(Object.hasOwn(r.data, "__proto__"), true);
  assertEquals(({} as Record<string, unknown>).polluted, undefined);
});

Deno.test("frontmatter: anchors and aliases are refused (no alias expansion)", () => {
  const laughs = [
    "---",
    "a: &a [x, x, x, x, x, x, x, x, x]",
    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]",
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]",
    "d: [*c, *c, *c, *c, *c, *c, *c, *c, *c]",
    "description: boom",
    "---",
  ].join("\n");
  const cases: [string, string][] = [
    [laughs, "frontmatter line 2: anchors and aliases"],
    ["---\ndescription: &d text\nname: *d\n---\n", "frontmatter line 2: anchors and aliases"],
    ["---\nbase: &b {x: 1}\nmore:\n  <<: *b\n---\n", "frontmatter line 2: anchors and aliases"],
    ["---\ndescription: d\nlist:\n  - &one 1\n---\n", "frontmatter line 4: anchors and aliases"],
    [
      "---\ndescription: *important\n---\n",
      'frontmatter line 2: anchors and aliases ("&name", "*name") are not allowed (quote a value that starts with "&" or "*")',
    ],
  ];
  for (const [text, want] of cases) assertError(text, want);
});

Deno.test("frontmatter: explicit tags are refused", () => {
  const cases: [string, string][] = [
    ["---\ndescription: d\nblob: !!binary aGVsbG8=\n---\n", 'line 3: tags ("!!binary")'],
    ["---\ndescription: !custom d\n---\n", 'line 2: tags ("!custom")'],
    ["---\nfn: !!js/function 'return 1'\n---\n", 'line 2: tags ("!!js/function")'],
    ["---\nm: !!map {a: 1}\n---\n", 'line 2: tags ("!!map")'],
    ["---\nn: !!str 1\n---\n", 'line 2: tags ("!!str")'],
  ];
  for (const [text, want] of cases) assertError(text, `frontmatter ${want} are not allowed`);
});

Deno.test("frontmatter: keys that are empty, lists or maps are refused", () => {
  assertError("---\nx: 1\n? [a, b]\n: c\n---\n", "frontmatter line 3: a key must be text");
  assertError("---\n{a: 1}: c\n---\n", "frontmatter line 2: a key must be text");
  assertError("---\ndescription: x\n: nope\n---\n", "frontmatter line 3: a key must be text");
});

Deno.test("frontmatter: size limit", () => {
  const fill = (n: number) =>
    `---\ndescription: ${"x".repeat(n - "description: ".length)}\n---\nbody`;
  const at = parseFrontmatter(fill(MAX_FRONTMATTER_CHARS));
  assertEquals(at.ok, true);
  assertError(fill(MAX_FRONTMATTER_CHARS + 1), "frontmatter is 16385 characters, over the limit");
  const many = Array.from({ length: 4000 }, (_, i) => `k${i}: v`).join("\n");
  assertError(`---\n${many}\n---\n`, "...over the limit of 16384");
  const deep = `---\na: ${"[".repeat(20_000)}${"]".repeat(20_000)}\n---\n`;
  assertError(deep, "...over the limit of 16384");
});

Deno.test("frontmatter: nesting deeper than the limit is refused", () => {
  const flow = `---\na: ${"[".repeat(MAX_DEPTH + 1)}${"]".repeat(MAX_DEPTH + 1)}\n---\n`;
  const block = "---\n" +
    Array.from({ length: MAX_DEPTH + 1 }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n") +
    " v\n---\n";
  const mixed = `---\nlist:\n${"  - ".repeat(1)}${"{a: ".repeat(MAX_DEPTH)}1${
    "}".repeat(MAX_DEPTH)
  }\n---\n`;
  const deepest = `---\na: ${"[".repeat(6000)}${"]".repeat(6000)}\n---\n`;
  for (const text of [flow, block, mixed, deepest]) {
    assertError(text, `...nesting exceeded maxDepth (${MAX_DEPTH})`);
  }
  const fits = `---\na: ${"[".repeat(MAX_DEPTH - 2)}1${"]".repeat(MAX_DEPTH - 2)}\n---\n`;
  assertEquals(parseFrontmatter(fits).ok, true);
});

/** `text` is refused with an error that starts with `want` (or holds it, after "..."). */
function assertError(text: string, want: string): void {
  const r = parseFrontmatter(text);
  const shown = JSON.stringify(text.slice(0, 120));
  if (r.ok) throw new Error(`expected an error for ${shown}, got data`);
  const found = want.startsWith("...") ? r.error.includes(want.slice(3)) : r.error.startsWith(want);
  if (!found) throw new Error(`error for ${shown}:\n  got:  ${r.error}\n  want: ${want}`);
}
