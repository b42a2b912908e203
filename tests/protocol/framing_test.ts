import { assertEquals } from "../helpers/assert.ts";
import { encodeFrame, LineSplitter, readLines } from "../../src/protocol/framing.ts";

const enc = (s: string) => new TextEncoder().encode(s);

function lines(items: ReturnType<LineSplitter["push"]>) {
  return items.map((i) => i.kind === "line" ? i.line : `<oversize ${i.bytes}>`);
}

Deno.test("framing splits on LF and strips a trailing CR", () => {
  const s = new LineSplitter();
  assertEquals(lines(s.push(enc('{"a":1}\r\n{"b":2}\n'))), ['{"a":1}', '{"b":2}']);
});

Deno.test("framing keeps U+2028 and U+2029 inside a line", () => {
  const s = new LineSplitter();
  const text = JSON.stringify({ t: "a\u2028b\u2029c" });
  const out = lines(s.push(enc(text + "\n")));
  assertEquals(out, [text]);
  assertEquals(JSON.parse(out[0]).t, "a\u2028b\u2029c");
});

Deno.test("framing joins a frame split across chunks, even inside a multibyte character", () => {
  const s = new LineSplitter();
  const bytes = enc('{"city":"Zürich"}\n');
  const cut = bytes.indexOf(0xc3) + 1; // split inside "ü"
  assertEquals(lines(s.push(bytes.subarray(0, cut))), []);
  assertEquals(lines(s.push(bytes.subarray(cut))), ['{"city":"Zürich"}']);
});

Deno.test("framing yields a last line without LF at end of input", () => {
  const s = new LineSplitter();
  assertEquals(lines(s.push(enc('{"a":1}\n{"b"'))), ['{"a":1}']);
  assertEquals(lines(s.push(enc(":2}"))), []);
  assertEquals(lines(s.end()), ['{"b":2}']);
});

Deno.test("framing reports an oversize line and stops", () => {
  const s = new LineSplitter(16);
  const out = lines(s.push(enc('{"ok":1}\n' + "x".repeat(40) + "\n{}\n")));
  assertEquals(out, ['{"ok":1}', "<oversize 40>"]);
  assertEquals(lines(s.push(enc("{}\n"))), []);
});

Deno.test("framing detects oversize before the LF arrives", () => {
  const s = new LineSplitter(16);
  assertEquals(lines(s.push(enc("x".repeat(10)))), []);
  assertEquals(lines(s.push(enc("x".repeat(10)))), ["<oversize 20>"]);
});

Deno.test("readLines reads a stream and encodeFrame round-trips", async () => {
  const frames = [{ type: "hello", name: "a\u2028" }, { type: "ready" }];
  const stream = ReadableStream.from(frames.map(encodeFrame));
  const got: string[] = [];
  for await (const item of readLines(stream)) if (item.kind === "line") got.push(item.line);
  assertEquals(got.map((l) => JSON.parse(l)), frames);
});
