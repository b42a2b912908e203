/**
 * The outbound queue's pacing: a producer that awaits `paced()` between
 * frames never overflows a peer that reads, however long its burst; a peer
 * that reads nothing is cut off within the stall bound instead of blocking
 * the producer forever.
 */

import type { EventFrame } from "../../../src/protocol/frames.ts";
import { OUTBOUND_MAX_FRAMES, WRITE_TIMEOUT_MS } from "../../../src/protocol/limits.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { withTimeout } from "../../helpers/wait.ts";
import { harness } from "./_helpers.ts";

function event(bytes: number): EventFrame {
  return { type: "event", event: "turn_start", padding: "x".repeat(bytes) };
}

Deno.test("pacing: 4,000 events awaited one by one never disconnect a reading peer", async () => {
  await using h = await harness();
  const channel = await h.start("echo-py");
  for (let i = 0; i < 4000; i++) {
    await channel.paced();
    assert(channel.send(event(512)), `event ${i} was accepted`);
  }
  assert(!channel.isClosed, "the reader is still connected");
});

Deno.test("pacing: the same burst without waiting overflows the reading peer (the bound is real)", async () => {
  await using h = await harness();
  const channel = await h.start("echo-py");
  let accepted = 0;
  for (let i = 0; i < 4000 && channel.send(event(512)); i++) accepted++;
  assert(accepted <= OUTBOUND_MAX_FRAMES + 1, `accepted ${accepted}`);
  assertEquals((await channel.closed).reason, "outbound queue overflow");
});

Deno.test("pacing: waiting on a peer that reads nothing ends within the bound and cuts it off", async () => {
  await using h = await harness();
  const channel = await h.start("no-read-stdin");
  // Far more than a pipe buffer: past half the queue, the producer must wait.
  for (let i = 0; i < OUTBOUND_MAX_FRAMES - 40; i++) channel.send(event(4096));
  assert(!channel.isClosed);
  const started = Date.now();
  await withTimeout(channel.paced(), WRITE_TIMEOUT_MS * 3, "paced() to end");
  assert(Date.now() - started >= WRITE_TIMEOUT_MS - 100, "it waited for the stall bound");
  assert(channel.isClosed);
  assertStringIncludes((await channel.closed).reason, "stopped reading");
  assertStringIncludes(h.logText("no-read-stdin"), "[zot] disconnecting: stopped reading");
});
