import { parseGitignore } from "../../../src/extensions/manage/gitignore.ts";
import { assertEquals } from "../../helpers/assert.ts";

Deno.test("gitignore: globs, dir patterns, anchoring, ** and negation", () => {
  const m = parseGitignore(
    [
      "# comment",
      "*.log",
      "!keep.log",
      "build/",
      "/root.txt",
      "docs/**/*.md",
      "**/tmp",
      "cache/**",
      "\\#hash",
      "data[0-9].bin",
      "a?c",
      "trailing   ",
      "",
    ].join("\n"),
  );
  const cases: [string, boolean, boolean][] = [
    ["x.log", false, true],
    ["deep/x.log", false, true],
    ["keep.log", false, false],
    ["deep/keep.log", false, false],
    ["build", true, true],
    ["build", false, false],
    ["src/build", true, true],
    ["root.txt", false, true],
    ["sub/root.txt", false, false],
    ["docs/a.md", false, true],
    ["docs/x/y/a.md", false, true],
    ["other/docs/a.md", false, false],
    ["tmp", true, true],
    ["x/y/tmp", false, true],
    ["cache/a/b", false, true],
    ["cache", true, false],
    ["#hash", false, true],
    ["data7.bin", false, true],
    ["datax.bin", false, false],
    ["abc", false, true],
    ["a/c", false, false],
    ["trailing", false, true],
    ["main.ts", false, false],
  ];
  for (const [path, isDir, want] of cases) assertEquals(m.ignores(path, isDir), want, path);
});

Deno.test("gitignore: the last matching rule wins", () => {
  const m = parseGitignore("!a.txt\n*.txt\n");
  assertEquals(m.ignores("a.txt", false), true);
  const n = parseGitignore("*.txt\n!a.txt\n");
  assertEquals(n.ignores("a.txt", false), false);
});
