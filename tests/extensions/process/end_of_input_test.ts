import type { ExtensionChannel } from "../../../src/extensions/channel.ts";
import type { EventFrame } from "../../../src/protocol/frames.ts";
import { OUTBOUND_MAX_FRAMES } from "../../../src/protocol/limits.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { within } from "../../helpers/wait.ts";
import { harness } from "./_helpers.ts";

// After a disconnect with a frame still on the pipe, the extension must see
// end of input as soon as that frame is through, so it can exit on its own
// instead of being killed by SIGTERM at the end of the grace.

function event(bytes: number): EventFrame {
  return { type: "event", event: "turn_start", padding: "x".repeat(bytes) };
}

/** Let the extension read again, wait for its stop and check how it ended. */
async function expectEndOfInput(
  h: Awaited<ReturnType<typeof harness>>,
  channel: ExtensionChannel,
): Promise<void> {
  assert(channel.isClosed);
  Deno.kill(channel.pid!, "SIGUSR1");
  await within(15_000, channel.stop(Date.now() + 10_000), "the stop after the disconnect");
  const log = h.logText("late-reader");
  assertStringIncludes(log, "saw end of input after");
  assert(!log.includes("SIGTERM"), `the extension should exit on its own:\n${log}`);
}

Deno.test("end of input: after an overflow with a frame in flight, stdin closes once it is written", async () => {
  await using h = await harness();
  const channel = await h.start("late-reader");
  await channel.write(event(1));
  // Far more than a pipe buffer: this one stays in flight.
  assert(channel.send(event(1 << 20)));
  for (let i = 0; i <= OUTBOUND_MAX_FRAMES && channel.send(event(16)); i++);
  assertEquals((await channel.closed).reason, "outbound queue overflow");
  await expectEndOfInput(h, channel);
});

Deno.test("end of input: after a write timeout mid-frame, stdin closes once the frame is written", async () => {
  await using h = await harness();
  const channel = await h.start("late-reader");
  const failed = await within(
    20_000,
    channel.write(event(1 << 20)).then(() => false, () => true),
    "write timeout",
  );
  assert(failed);
  assertEquals((await channel.closed).reason, "write timed out");
  await expectEndOfInput(h, channel);
});

Deno.test("end of input: after a write abandoned mid-frame, stdin closes once the frame is written", async () => {
  await using h = await harness();
  const channel = await h.start("late-reader");
  const abort = new AbortController();
  const torn = channel.write(event(1 << 20), abort.signal).catch(() => {});
  abort.abort();
  await torn;
  assertEquals((await within(5_000, channel.closed, "close")).reason, "write abandoned mid-frame");
  await expectEndOfInput(h, channel);
});
