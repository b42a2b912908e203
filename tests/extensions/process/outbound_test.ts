import { RequestError } from "../../../src/extensions/channel.ts";
import type { EventFrame } from "../../../src/protocol/frames.ts";
import { OUTBOUND_MAX_FRAMES } from "../../../src/protocol/limits.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../../helpers/assert.ts";
import { within, withTimeout } from "../../helpers/wait.ts";
import { harness } from "./_helpers.ts";

function event(bytes: number): EventFrame {
  return { type: "event", event: "turn_start", padding: "x".repeat(bytes) };
}

Deno.test("outbound: a peer that never reads overflows the queue and is disconnected", async () => {
  await using h = await harness();
  const channel = await h.start("no-read-stdin");
  // Once this is written, nothing is in flight (hello_ack included).
  await channel.write(event(1));
  let accepted = 0;
  for (let i = 0; i < OUTBOUND_MAX_FRAMES + 10; i++) {
    if (!channel.send(event(1024))) break;
    accepted++;
  }
  // One frame in flight plus a full queue; the next one overflows.
  assertEquals(accepted, OUTBOUND_MAX_FRAMES + 1);
  assert(channel.isClosed);
  assertEquals((await channel.closed).reason, "outbound queue overflow");
  assertEquals(channel.send(event(1)), false);
  assertStringIncludes(h.logText("no-read-stdin"), "[zot] disconnecting: outbound queue overflow");
});

Deno.test("outbound: a blocked write times out and closes the transport", async () => {
  await using h = await harness();
  const channel = await h.start("no-read-stdin");
  // Far more than a pipe buffer: the write cannot complete.
  const error = await within(
    20_000,
    assertRejects(() => channel.write(event(4 << 20))),
    "the blocked write should fail at the write timeout",
  );
  assert(error instanceof RequestError);
  assertEquals(error.kind, "write");
  assertStringIncludes(error.message, "timed out");
  assert(channel.isClosed);
  assertEquals((await within(5_000, channel.closed, "close")).reason, "write timed out");
});

Deno.test("outbound: aborting a queued write withdraws it; aborting a torn write disconnects", async () => {
  await using h = await harness();
  const channel = await h.start("no-read-stdin");
  const stuck = channel.write(event(4 << 20)).catch((e) => e);
  const abort = new AbortController();
  const queued = channel.write(event(10), abort.signal);
  abort.abort();
  const withdrawn = await assertRejects(() => queued);
  assert(withdrawn instanceof RequestError);
  assertEquals(withdrawn.kind, "cancelled");
  assert(!channel.isClosed, "withdrawing a queued frame keeps the transport");

  await within(10_000, channel.stop(Date.now()), "stop without grace should end at once").then(
    () => {},
    () => {},
  );
  assert(channel.isClosed);
  const afterClose = await assertRejects(() => channel.write(event(1)));
  assert(afterClose instanceof RequestError);
  assertEquals(afterClose.kind, "disconnected");
  const stuckError = await within(5_000, stuck, "the stuck write should fail on close");
  assert(stuckError instanceof RequestError);
});

Deno.test("outbound: aborting the frame being written closes the transport after a grace", async () => {
  await using h = await harness();
  const channel = await h.start("no-read-stdin");
  const abort = new AbortController();
  const torn = channel.write(event(4 << 20), abort.signal);
  abort.abort();
  const error = await within(5_000, assertRejects(() => torn), "the aborted write should reject");
  assert(error instanceof RequestError);
  assertEquals(error.kind, "cancelled");
  await withTimeout(channel.closed, 5_000, "close");
  assertEquals((await channel.closed).reason, "write abandoned mid-frame");
});

Deno.test("outbound: a request whose write blocks fails as a write error and disconnects", async () => {
  await using h = await harness();
  const channel = await h.start("no-read-stdin");
  const pending = channel.request({
    type: "tool_call",
    id: "big-1",
    name: "echo",
    args: { text: "x".repeat(4 << 20) },
  });
  const error = await within(
    20_000,
    assertRejects(() => pending),
    "the request should fail at the write timeout",
  );
  assert(error instanceof RequestError);
  assertEquals(error.kind, "write");
  assertEquals((await within(5_000, channel.closed, "close")).reason, "write timed out");
});
