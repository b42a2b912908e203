import { assert, assertEquals } from "../../helpers/assert.ts";
import { boundContent, boundEventResult } from "../../../src/extensions/host/bound.ts";
import type { ContentBlock, EventResult } from "../../../src/protocol/content.ts";

const KIB = 1024;

Deno.test("event results over budget are cut at a UTF-8 boundary, images omitted", () => {
  const big = "ü".repeat(128 * KIB); // 256 KiB of 2-byte characters
  const original: EventResult = {
    content: [
      { type: "text", text: big },
      { type: "text", text: big },
      { type: "image", mime_type: "image/png", data: "dGVzdA==" },
    ],
    is_error: false,
  };
  const copy = structuredClone(original);
  const out = boundEventResult(original);
  assertEquals(out.truncated, true);
  const bytes = out.content.reduce(
    (n, b) => n + (b.type === "text" ? new TextEncoder().encode(b.text).length : 0),
    0,
  );
  assert(bytes <= 256 * KIB);
  assert(out.content.every((b) => b.type === "text" && !b.text.includes("\uFFFD")));
  assertEquals(original, copy);
});

Deno.test("an odd budget never splits a multi-byte character", () => {
  const out = boundContent([{ type: "text", text: "aü" }], 2);
  assertEquals(out, { content: [{ type: "text", text: "a" }], truncated: true });
});

Deno.test("small images pass untouched and are not truncated", () => {
  const out = boundEventResult({
    content: [{ type: "image", mime_type: "image/png", data: "dGVzdA==" }],
    is_error: true,
  });
  assertEquals(out, {
    content: [{ type: "image", mime_type: "image/png", data: "dGVzdA==" }],
    is_error: true,
  });
});

Deno.test("unknown blocks and blocks past 128 are omitted with truncated", () => {
  // A block type added later that the budget does not count yet must not pass unbounded.
  const audio = { type: "audio", data: "x" } as unknown as ContentBlock;
  assertEquals(boundContent([audio]), { content: [], truncated: true });
  const many = Array.from({ length: 130 }, (): ContentBlock => ({ type: "text", text: "x" }));
  const out = boundContent(many);
  assertEquals(out.content.length, 128);
  assertEquals(out.truncated, true);
});

Deno.test("the budget counts MIME length and base64 length", () => {
  const data = "A".repeat(100);
  assertEquals(
    boundContent([{ type: "image", mime_type: "image/png", data }], 109).truncated,
    false,
  );
  assertEquals(
    boundContent([{ type: "image", mime_type: "image/png", data }], 108).truncated,
    true,
  );
});
