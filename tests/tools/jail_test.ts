import { assertEquals } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { createJail, isInside } from "../../src/tools/jail.ts";
import { createReadTool } from "../../src/tools/read.ts";
import { createWriteTool } from "../../src/tools/write.ts";
import { createEditTool } from "../../src/tools/edit.ts";
import { resultText, testContext } from "./_ctx.ts";

const refusal = (p: string, root: string) =>
  `jailed: path "${p}" is outside sandbox root "${root}" (use /unjail to disable)`;

Deno.test("jailed file tools refuse paths outside the root with a blocked result", async () => {
  await using outside = await tempDir();
  await using dir = await tempDir();
  const root = await Deno.realPath(dir.path);
  await Deno.writeTextFile(`${outside.path}/secret.txt`, "secret");
  const jail = createJail(root);
  const ctx = testContext(root);
  const target = `${outside.path}/secret.txt`;
  for (
    const [tool, args] of [
      [createReadTool({ jail }), { path: target }],
      [createWriteTool({ jail }), { path: target, content: "x" }],
      [createEditTool({ jail }), { path: target, edits: [{ oldText: "secret", newText: "x" }] }],
      [createReadTool({ jail }), { path: "../x" }],
    ] as const
  ) {
    const r = await tool.execute(args, ctx);
    assertEquals(r.outcome, "blocked");
    assertEquals(r.isError, true);
    assertEquals(r.details, { source: "policy" });
    assertEquals(resultText(r), refusal(args.path, root));
  }
  assertEquals(await Deno.readTextFile(target), "secret");
});

Deno.test("jail follows symlinks: a link inside the root pointing out is refused", async () => {
  await using outside = await tempDir();
  await using dir = await tempDir();
  const root = await Deno.realPath(dir.path);
  await Deno.writeTextFile(`${outside.path}/secret.txt`, "secret");
  await Deno.symlink(`${outside.path}/secret.txt`, `${root}/link.txt`);
  await Deno.symlink(outside.path, `${root}/linkdir`);
  const jail = createJail(root);
  const read = createReadTool({ jail });
  const write = createWriteTool({ jail });
  const ctx = testContext(root);
  assertEquals(
    resultText(await read.execute({ path: "link.txt" }, ctx)),
    refusal("link.txt", root),
  );
  const w = await write.execute({ path: "linkdir/new/file.txt", content: "x" }, ctx);
  assertEquals(w.outcome, "blocked");
  await Deno.writeTextFile(`${root}/inside.txt`, "ok");
  assertEquals(resultText(await read.execute({ path: "inside.txt" }, ctx)), "1\tok");
});

Deno.test("the jail switches at runtime through the shared policy object", async () => {
  await using outside = await tempDir();
  await using dir = await tempDir();
  await Deno.writeTextFile(`${outside.path}/f.txt`, "free");
  const jail = createJail();
  const read = createReadTool({ jail });
  const ctx = testContext(dir.path);
  const path = `${outside.path}/f.txt`;
  assertEquals(resultText(await read.execute({ path }, ctx)), "1\tfree");
  jail.root = dir.path;
  assertEquals((await read.execute({ path }, ctx)).outcome, "blocked");
  jail.root = undefined;
  assertEquals(resultText(await read.execute({ path }, ctx)), "1\tfree");
});

Deno.test("isInside compares whole path segments", () => {
  assertEquals(isInside("/a/b", "/a/b"), true);
  assertEquals(isInside("/a/b", "/a/b/c"), true);
  assertEquals(isInside("/a/b", "/a/bc"), false);
  assertEquals(isInside("/a/b", "/a"), false);
  assertEquals(isInside("/a/b", "/a/b/..c"), true);
});
