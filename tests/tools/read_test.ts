import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { createReadTool } from "../../src/tools/read.ts";
import { MAX_IMAGE_BYTES } from "../../src/tools/image.ts";
import { resultText, testContext } from "./_ctx.ts";

const read = createReadTool();

function numbered(from: number, to: number): string {
  const lines = [];
  for (let i = from; i <= to; i++) lines.push(`line ${i}`);
  return lines.join("\n");
}

Deno.test("read numbers lines and honours offset and limit", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/a.txt`, numbered(1, 12) + "\n");
  const all = await read.execute({ path: "a.txt" }, testContext(dir.path));
  assertEquals(resultText(all).split("\n")[0], " 1\tline 1");
  assertEquals(resultText(all).split("\n").length, 12);
  const part = await read.execute({ path: "a.txt", offset: 3, limit: 2 }, testContext(dir.path));
  assertEquals(
    resultText(part),
    "3\tline 3\n4\tline 4\n\n[Showing lines 3-4 of 12. Use offset=5 to continue.]",
  );
});

Deno.test("read truncates long files with a marker saying how to continue", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/big.txt`, numbered(1, 5000));
  const r = await read.execute({ path: "big.txt" }, testContext(dir.path));
  const text = resultText(r);
  assertStringIncludes(text, "[Showing lines 1-2000 of 5000. Use offset=2001 to continue.]");
  const next = await read.execute({ path: "big.txt", offset: 4999 }, testContext(dir.path));
  assertEquals(resultText(next), "4999\tline 4999\n5000\tline 5000");
});

Deno.test("read stops at the byte budget and clips very long lines", async () => {
  await using dir = await tempDir();
  const wide = "x".repeat(1000);
  await Deno.writeTextFile(`${dir.path}/wide.txt`, Array(200).fill(wide).join("\n"));
  const text = resultText(await read.execute({ path: "wide.txt" }, testContext(dir.path)));
  assertStringIncludes(text, "(50 KiB per call). Use offset=");
  await Deno.writeTextFile(`${dir.path}/min.js`, "y".repeat(5000));
  const min = resultText(await read.execute({ path: "min.js" }, testContext(dir.path)));
  assertStringIncludes(min, "[line truncated: 5000 characters]");
});

Deno.test("read reports missing files, directories, binaries and bad offsets", async () => {
  await using dir = await tempDir();
  const ctx = testContext(dir.path);
  assertEquals(
    resultText(await read.execute({ path: "nope.txt" }, ctx)),
    `File not found: "nope.txt"`,
  );
  const d = await read.execute({ path: "." }, ctx);
  assertEquals(d.isError, true);
  assertEquals(resultText(d), `Cannot read ".": it is a directory (use bash "ls" to list it)`);
  await Deno.writeFile(`${dir.path}/bin`, new Uint8Array([1, 2, 0, 3]));
  assertStringIncludes(resultText(await read.execute({ path: "bin" }, ctx)), "it is a binary file");
  await Deno.writeTextFile(`${dir.path}/short.txt`, "a\nb\n");
  assertEquals(
    resultText(await read.execute({ path: "short.txt", offset: 5 }, ctx)),
    `Offset 5 is beyond the end of "short.txt" (2 lines; use an offset from 1 to 2)`,
  );
  assertEquals(
    resultText(await read.execute({ path: "short.txt", offset: 0 }, ctx)),
    `Argument "offset" must be an integer >= 1, got 0`,
  );
});

Deno.test("read expands ~ and accepts absolute paths", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/h.txt`, "home file");
  const tool = createReadTool({ home: dir.path });
  assertEquals(
    resultText(await tool.execute({ path: "~/h.txt" }, testContext("/"))),
    "1\thome file",
  );
  assertEquals(
    resultText(await tool.execute({ path: `${dir.path}/h.txt` }, testContext("/"))),
    "1\thome file",
  );
});

// Smallest real files of each format (headers are what the sniffer checks).
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);
const GIF = Uint8Array.from(
  atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  (c) => c.charCodeAt(0),
);
const JPEG = new Uint8Array([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  0x4a,
  0x46,
  0x49,
  0x46,
  0x00,
  0xff,
  0xd9,
]);
const WEBP = new Uint8Array([
  ...new TextEncoder().encode("RIFF"),
  0x1a,
  0,
  0,
  0,
  ...new TextEncoder().encode("WEBPVP8L"),
  0x0d,
  0,
  0,
  0,
  0x2f,
  0,
  0,
  0,
  0x10,
  0x07,
  0x10,
  0x11,
  0x11,
  0x88,
  0x88,
  0xfe,
  0x07,
  0x00,
]);

Deno.test("read returns PNG, JPEG, GIF and WebP as image blocks, sniffed by magic bytes", async () => {
  await using dir = await tempDir();
  const cases: [string, Uint8Array, string][] = [
    ["a.png", PNG, "image/png"],
    ["b.jpg", JPEG, "image/jpeg"],
    ["c.gif", GIF, "image/gif"],
    ["no-extension", WEBP, "image/webp"],
  ];
  for (const [name, bytes, mime] of cases) {
    await Deno.writeFile(`${dir.path}/${name}`, bytes);
    const r = await read.execute({ path: name }, testContext(dir.path));
    assertEquals(r.isError, undefined, name);
    const image = r.content.find((b) => b.type === "image");
    assert(image && image.type === "image", name);
    assertEquals(image.mime_type, mime);
    assertEquals(Uint8Array.from(atob(image.data), (c) => c.charCodeAt(0)), bytes);
  }
  await Deno.writeTextFile(`${dir.path}/fake.png`, "just text");
  assertEquals(
    resultText(await read.execute({ path: "fake.png" }, testContext(dir.path))),
    "1\tjust text",
  );
});

Deno.test("read refuses images over the size cap", async () => {
  await using dir = await tempDir();
  const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
  big.set(PNG);
  await Deno.writeFile(`${dir.path}/big.png`, big);
  const r = await read.execute({ path: "big.png" }, testContext(dir.path));
  assertEquals(r.isError, true);
  assertStringIncludes(
    resultText(r),
    `Image "big.png" is ${MAX_IMAGE_BYTES + 1} bytes, over the 3.75 MiB limit for images`,
  );
});

Deno.test("read refuses FIFOs instead of blocking on them", async () => {
  await using dir = await tempDir();
  const mk = await new Deno.Command("mkfifo", { args: [`${dir.path}/pipe`] }).output();
  assert(mk.success);
  const r = await read.execute({ path: "pipe" }, testContext(dir.path));
  assertEquals(resultText(r), `Cannot read "pipe": it is not a regular file`);
});
