/**
 * `zot ext install <path>` copies what git would show as untracked and not
 * ignored: the same tree is copied by zot and listed by a real git
 * (`git ls-files --others --exclude-standard`), and the two lists must be
 * equal. git is the reference for the rules, so a matcher that drifts from
 * it (in either direction) fails here.
 */

import { join } from "node:path";
import { copyExtensionTree } from "../../../src/extensions/manage/copy.ts";
import { assertEquals } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";

const GITIGNORE = [
  "# comment",
  "*.log",
  "!keep.log",
  "build/",
  "/root.txt",
  "docs/**/*.md",
  "**/tmp",
  "cache/**",
  "\\#hash",
  "\\!bang",
  "data[0-9].bin",
  "[!x]y.z",
  "a?c",
  "spaced\\ ",
  "trailing   ",
  "logs/*",
  "!logs/keep.txt",
  "*.TXT",
  "node_modules",
  "/out/",
  "sub/**/deep",
  "**/nested/**",
  "secret*",
  "!secret.example",
  "\\*star",
  "range[a-c]",
  "**/gen/",
  "x/**/",
  "...",
  "back\\\\slash",
  "",
].join("\n");

const FILES = [
  "x.log",
  "deep/x.log",
  "keep.log",
  "deep/keep.log",
  "build/a.js",
  "src/build/b.js",
  "notdir/build",
  "root.txt",
  "sub/root.txt",
  "docs/a.md",
  "docs/x/y/a.md",
  "docs/a.txt",
  "other/docs/a.md",
  "tmp/f",
  "x/y/tmp",
  "cache/a/b",
  "cache.txt",
  "#hash",
  "!bang",
  "bang",
  "data7.bin",
  "datax.bin",
  "ay.z",
  "xy.z",
  "abc",
  "a/c",
  "spaced ",
  "spaced",
  "trailing",
  "logs/a.txt",
  "logs/keep.txt",
  "logs/inner/b.txt",
  "UPPER.TXT",
  "upper.txt",
  "Upper.Log",
  "node_modules/pkg/index.js",
  "lib/node_modules/x.js",
  "out/o.js",
  "lib/out/o.js",
  "sub/a/b/deep/file",
  "sub/deep/file",
  "sub/shallow/file",
  "p/nested/q/r.txt",
  "nested",
  "secret.key",
  "secret.example",
  "config/secret.json",
  "*star",
  "plainstar",
  "rangeb",
  "ranged",
  "gen/g.js",
  "deep/gen/g.js",
  "gen.js",
  "x/z/file",
  "...",
  "....",
  "d/...",
  "back\\slash",
  "back\\other",
  "main.ts",
  "src/main.ts",
];

async function git(cwd: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("git", {
    args: ["-c", "core.excludesFile=/dev/null", ...args],
    cwd,
    env: { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return new TextDecoder().decode(out.stdout);
}

async function files(dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(dir, rel))) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory) out.push(...await files(dir, r));
    else out.push(r);
  }
  return out;
}

Deno.test("install copies exactly what git leaves unignored", async () => {
  await using tmp = await tempDir();
  const src = join(tmp.path, "src");
  for (const rel of FILES) {
    await Deno.mkdir(join(src, rel, ".."), { recursive: true });
    await Deno.writeTextFile(join(src, rel), rel);
  }
  await Deno.writeTextFile(join(src, ".gitignore"), GITIGNORE);
  await git(src, "init", "-q");

  const listed = (await git(src, "ls-files", "-z", "--others", "--exclude-standard"))
    .split("\0").filter((p) => p !== "").sort();
  const dest = join(tmp.path, "dest");
  await copyExtensionTree(src, dest);
  const copied = (await files(dest)).sort();

  assertEquals(copied, listed);
  // The comparison means something only if both kinds of path occur.
  assertEquals(copied.includes("main.ts") && copied.includes("logs/keep.txt"), true);
  assertEquals(copied.includes("x.log") || copied.includes("build/a.js"), false);
});
