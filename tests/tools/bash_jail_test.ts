import { assertEquals } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { checkBashJail, JAIL_LIMITS, pathTokens } from "../../src/tools/bash_jail.ts";
import { createJail } from "../../src/tools/jail.ts";

Deno.test("pathTokens finds absolute, home and parent paths but not URLs", () => {
  const cases: [string, string[]][] = [
    ["cat /etc/passwd", ["/etc/passwd"]],
    ["ls ~", ["~"]],
    ["cd ~/x && ls", ["~/x"]],
    ["echo $HOME/a ${HOME}", ["$HOME/a", "${HOME}"]],
    ["cat ../../x", ["../../x"]],
    ["echo a/b/../../../c", ["a/b/../../../c"]],
    ["curl https://example.com/a", []],
    ["ls src 2>/dev/null", ["/dev/null"]],
    [`python3 -c 'open("/etc/x")'`, ["/etc/x"]],
    ["x>/tmp/y", ["/tmp/y"]],
  ];
  for (const [command, expected] of cases) assertEquals(pathTokens(command), expected, command);
});

Deno.test("checkBashJail: outside paths, symlinks and cwd are refused; inside ones pass", async () => {
  await using outside = await tempDir();
  await using dir = await tempDir();
  const root = await Deno.realPath(dir.path);
  await Deno.mkdir(`${root}/sub`);
  await Deno.symlink(outside.path, `${root}/out`);
  const jail = createJail(root);
  const blocked = async (command: string, cwd = root) =>
    (await checkBashJail(jail, command, cwd, outside.path))?.outcome === "blocked";
  assertEquals(await blocked("cat /etc/passwd"), true);
  assertEquals(await blocked("ls ~/"), true);
  assertEquals(await blocked("cat $HOME/.ssh/id_rsa"), true);
  assertEquals(await blocked("cd .. && ls"), true);
  assertEquals(await blocked("cat out/secret"), true);
  assertEquals(await blocked("ls", outside.path), true);
  assertEquals(await blocked(`ls ${root}/sub 2>/dev/null; cat sub/../sub/x`), false);
  assertEquals(await blocked("ls ..", `${root}/sub`), false);
  assertEquals(await blocked("echo hello world | wc -w"), false);
  assertEquals(await checkBashJail(createJail(), "cat /etc/passwd", root), undefined);
});

/**
 * Known limits of the lexical scan, asserted as they are today: each of these
 * reads a file outside the root and still passes. They are named in the
 * notice `/jail` shows (JAIL_LIMITS); a scanner that starts catching one makes
 * this test fail, and the notice should then drop it.
 */
const KNOWN_LIMITS = [
  // The shell removes the backslash: the scan sees no leading "/".
  "cat \\/etc/passwd",
  // Brace expansion builds "/etc/passwd" and "etc/passwd" after the scan.
  "cat {/,}etc/passwd",
  // A bare cd goes home; the relative path after it is checked against the cwd.
  "cd; cat .ssh/id_rsa",
];

for (const command of KNOWN_LIMITS) {
  Deno.test(`known jail limit (passes the scan today): ${command}`, async () => {
    await using dir = await tempDir();
    await using home = await tempDir();
    const root = await Deno.realPath(dir.path);
    const jail = createJail(root);
    assertEquals(await checkBashJail(jail, command, root, home.path), undefined);
    assertEquals(JAIL_LIMITS.join(" ").includes(command), true, `JAIL_LIMITS names ${command}`);
  });
}
