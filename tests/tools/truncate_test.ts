import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { formatBytes, HeadTailBuffer, truncateMiddle } from "../../src/tools/truncate.ts";

const enc = new TextEncoder();

Deno.test("truncateMiddle keeps short text and cuts long text in the middle", () => {
  assertEquals(truncateMiddle("a\nb\nc\n", 3), "a\nb\nc\n");
  const text = Array.from({ length: 10 }, (_, i) => `l${i + 1}`).join("\n");
  const out = truncateMiddle(text, 4).split("\n");
  assertEquals(out.length, 5);
  assertEquals([out[0], out[1], out[3], out[4]], ["l1", "l2", "l9", "l10"]);
  assertStringIncludes(out[2], "[... 6 lines (");
});

Deno.test("HeadTailBuffer returns everything under the limits", () => {
  const b = new HeadTailBuffer(10, 10);
  b.push(enc.encode("0123\n"));
  b.push(enc.encode("4567\n89\n"));
  assertEquals(b.text(), "0123\n4567\n89\n");
  assertEquals(b.totalBytes, 13);
});

Deno.test("HeadTailBuffer keeps whole lines of the head and tail in bounded memory", () => {
  const b = new HeadTailBuffer(16, 16);
  for (let i = 0; i < 1000; i++) b.push(enc.encode(`line ${i}\n`));
  const out = b.text();
  assert(out.startsWith("line 0\nline 1\n"), out);
  assert(out.endsWith("\nline 999"), out);
  assertStringIncludes(out, "lines (");
  assert(out.length < 300);
});

Deno.test("HeadTailBuffer does not split multi-byte characters at the cut", () => {
  const b = new HeadTailBuffer(8, 8);
  for (let i = 0; i < 50; i++) b.push(enc.encode("ééé\n"));
  assertEquals(b.text().includes("\uFFFD"), false);
});

Deno.test("formatBytes", () => {
  assertEquals(formatBytes(12), "12 B");
  assertEquals(formatBytes(1536), "1.5 KiB");
  assertEquals(formatBytes(3.75 * 1024 * 1024), "3.75 MiB");
});
