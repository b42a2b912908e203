import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { createWriteTool } from "../../src/tools/write.ts";
import { createEditTool } from "../../src/tools/edit.ts";
import { resultText, testContext } from "./_ctx.ts";

const write = createWriteTool();
const edit = createEditTool();

async function entries(dir: string): Promise<string[]> {
  const names = [];
  for await (const e of Deno.readDir(dir)) names.push(e.name);
  return names.sort();
}

Deno.test("write creates parent directories and reports bytes", async () => {
  await using dir = await tempDir();
  const r = await write.execute({ path: "a/b/c.txt", content: "héllo" }, testContext(dir.path));
  assertEquals(resultText(r), `Created "a/b/c.txt" (6 bytes written)`);
  assertEquals(await Deno.readTextFile(`${dir.path}/a/b/c.txt`), "héllo");
});

Deno.test("write replaces atomically, keeps the mode and leaves no temp file", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/run.sh`;
  await Deno.writeTextFile(path, "old");
  await Deno.chmod(path, 0o750);
  const r = await write.execute({ path: "run.sh", content: "new" }, testContext(dir.path));
  assertEquals(resultText(r), `Overwrote "run.sh" (3 bytes written)`);
  assertEquals(await Deno.readTextFile(path), "new");
  assertEquals((await Deno.stat(path)).mode! & 0o777, 0o750);
  assertEquals(await entries(dir.path), ["run.sh"]);
});

Deno.test("write through a symlink keeps the link", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/real.txt`, "old");
  await Deno.symlink(`${dir.path}/real.txt`, `${dir.path}/link.txt`);
  await write.execute({ path: "link.txt", content: "new" }, testContext(dir.path));
  assert((await Deno.lstat(`${dir.path}/link.txt`)).isSymlink);
  assertEquals(await Deno.readTextFile(`${dir.path}/real.txt`), "new");
});

Deno.test("write refuses directories and bad args", async () => {
  await using dir = await tempDir();
  const ctx = testContext(dir.path);
  assertStringIncludes(
    resultText(await write.execute({ path: ".", content: "" }, ctx)),
    "it is a directory",
  );
  assertEquals(
    resultText(await write.execute({ path: "x" }, ctx)),
    `Missing required argument "content" (a string)`,
  );
});

Deno.test("edit applies several replacements in order and shows a diff", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/f.ts`, "const a = 1;\nconst b = 2;\nconst c = 3;\n");
  const r = await edit.execute({
    path: "f.ts",
    edits: [
      { oldText: "const a = 1;", newText: "const a = 10;" },
      { oldText: "const a = 10;\nconst b", newText: "const a = 10;\nlet b" },
      { oldText: "const c = 3;", newText: "const c = 3;\nconst d = 4;" },
    ],
  }, testContext(dir.path));
  assertEquals(r.isError, undefined);
  assertEquals(
    await Deno.readTextFile(`${dir.path}/f.ts`),
    "const a = 10;\nlet b = 2;\nconst c = 3;\nconst d = 4;\n",
  );
  assertEquals(
    resultText(r),
    [
      `Edited "f.ts" (3 replacements)`,
      "@@ -1,1 +1,1 @@",
      "-const a = 1;",
      "+const a = 10;",
      "@@ -1,2 +1,2 @@",
      "-const a = 10;",
      "-const b",
      "+const a = 10;",
      "+let b",
      "@@ -3,1 +3,2 @@",
      "-const c = 3;",
      "+const c = 3;",
      "+const d = 4;",
    ].join("\n"),
  );
});

Deno.test("edit is all or nothing and names the failing edit", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/f.txt`;
  await Deno.writeTextFile(path, "alpha\nbeta\nbeta\n  gamma  delta\n");
  const ctx = testContext(dir.path);
  const missing = await edit.execute({
    path: "f.txt",
    edits: [{ oldText: "alpha", newText: "ALPHA" }, { oldText: "omega", newText: "x" }],
  }, ctx);
  assertEquals(missing.isError, true);
  assertEquals(
    resultText(missing),
    `Edit 2 of 2 failed: oldText not found in "f.txt" (read the file again to get its current text); no changes were written`,
  );
  const ambiguous = await edit.execute({
    path: "f.txt",
    edits: [{ oldText: "beta", newText: "b" }],
  }, ctx);
  assertEquals(
    resultText(ambiguous),
    `Edit 1 of 1 failed: oldText occurs 2 times in "f.txt" (add surrounding lines to make it unique); no changes were written`,
  );
  const spaces = await edit.execute({
    path: "f.txt",
    edits: [{ oldText: "gamma delta", newText: "x" }],
  }, ctx);
  assertStringIncludes(resultText(spaces), "it matches only when whitespace is ignored");
  const earlier = await edit.execute({
    path: "f.txt",
    edits: [{ oldText: "alpha", newText: "A" }, { oldText: "alpha", newText: "B" }],
  }, ctx);
  assertStringIncludes(resultText(earlier), "an earlier edit in this call changed that text");
  assertEquals(await Deno.readTextFile(path), "alpha\nbeta\nbeta\n  gamma  delta\n");
});

Deno.test("edit matches LF oldText in a CRLF file and keeps CRLF", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/w.txt`;
  await Deno.writeTextFile(path, "one\r\ntwo\r\nthree\r\n");
  const r = await edit.execute({
    path: "w.txt",
    edits: [{ oldText: "one\ntwo", newText: "1\n2" }],
  }, testContext(dir.path));
  assertEquals(r.isError, undefined);
  assertEquals(await Deno.readTextFile(path), "1\r\n2\r\nthree\r\n");
});

Deno.test("edit reports a missing file and bad edits", async () => {
  await using dir = await tempDir();
  const ctx = testContext(dir.path);
  assertEquals(
    resultText(
      await edit.execute({ path: "no.txt", edits: [{ oldText: "a", newText: "b" }] }, ctx),
    ),
    `File not found: "no.txt"`,
  );
  assertEquals(
    resultText(await edit.execute({ path: "no.txt", edits: [] }, ctx)),
    `Argument "edits" must be a non-empty list of {oldText, newText}`,
  );
  assertEquals(
    resultText(await edit.execute({ path: "no.txt", edits: [{ oldText: "a" }] }, ctx)),
    `Argument "edits[0]" must have string fields "oldText" and "newText"`,
  );
});

Deno.test("edit keeps a BOM and refuses non-UTF-8 files", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/bom.txt`, "\uFEFFhello\n");
  await edit.execute(
    { path: "bom.txt", edits: [{ oldText: "hello", newText: "bye" }] },
    testContext(dir.path),
  );
  assertEquals(await Deno.readTextFile(`${dir.path}/bom.txt`), "\uFEFFbye\n");
  await Deno.writeFile(`${dir.path}/latin1.txt`, new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  const r = await edit.execute(
    { path: "latin1.txt", edits: [{ oldText: "caf", newText: "x" }] },
    testContext(dir.path),
  );
  assertEquals(resultText(r), `Cannot edit "latin1.txt": it is not valid UTF-8 text`);
});
