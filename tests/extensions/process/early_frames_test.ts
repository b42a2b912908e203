/**
 * Frames an extension writes before zot listens to it (it starts before its
 * host exists) are held for the host, up to a bound: an extension flooding
 * that window cannot make zot hold more, what it dropped is said in its log,
 * and frames within the bound arrive whole and in order.
 */

import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { EARLY_FRAMES_MAX_BYTES, InboundFrames } from "../../../src/extensions/process/inbound.ts";
import { PendingRequests } from "../../../src/extensions/process/pending.ts";
import { ReadyTracker } from "../../../src/extensions/process/ready.ts";
import type { ExtToHostFrame } from "../../../src/protocol/frames.ts";

function inbound() {
  const logged: string[] = [];
  const frames = new InboundFrames(
    new PendingRequests(),
    new ReadyTracker(() => {}),
    (m) => logged.push(m),
  );
  return { frames, logged };
}

/** A `notify` frame line of about `bytes` bytes. */
function notifyLine(i: number, bytes: number): string {
  return JSON.stringify({ type: "notify", level: "info", message: `${i}:${"x".repeat(bytes)}` });
}

Deno.test("frames sent before zot listens are held up to the bound, the rest dropped", () => {
  const { frames, logged } = inbound();
  const size = 1024 * 1024;
  const sent = Math.ceil(EARLY_FRAMES_MAX_BYTES / size) + 8;
  for (let i = 0; i < sent; i++) frames.line(notifyLine(i, size));
  const got: ExtToHostFrame[] = [];
  frames.setListener((f) => got.push(f));
  assert(got.length < sent, `all ${sent} frames were held`);
  assert(got.length * size <= EARLY_FRAMES_MAX_BYTES, `${got.length} MiB held`);
  assertStringIncludes(logged.join("\n"), `${sent - got.length} frames sent before zot listened`);
});

Deno.test("frames within the bound arrive whole and in order once zot listens", () => {
  const { frames, logged } = inbound();
  for (let i = 0; i < 100; i++) frames.line(notifyLine(i, 100));
  const got: ExtToHostFrame[] = [];
  frames.setListener((f) => got.push(f));
  assertEquals(got.length, 100);
  assertEquals(
    got.map((f) => String((f as { message: string }).message).split(":")[0]),
    [
      ...Array(100).keys(),
    ].map(String),
  );
  assertEquals(logged, []);
});

Deno.test("once zot listens, frames are no longer counted against the bound", () => {
  const { frames } = inbound();
  const got: ExtToHostFrame[] = [];
  frames.setListener((f) => got.push(f));
  const size = 1024 * 1024;
  const sent = Math.ceil(EARLY_FRAMES_MAX_BYTES / size) + 8;
  for (let i = 0; i < sent; i++) frames.line(notifyLine(i, size));
  assertEquals(got.length, sent);
});
