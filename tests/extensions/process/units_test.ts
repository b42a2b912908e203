/**
 * The queue, pending map and ready tracker on their own, against in-memory
 * streams and fake time-free triggers (no subprocess needed).
 */
import { RequestError } from "../../../src/extensions/channel.ts";
import { OutboundQueue } from "../../../src/extensions/process/outbound.ts";
import { PendingRequests } from "../../../src/extensions/process/pending.ts";
import { ReadyTracker } from "../../../src/extensions/process/ready.ts";
import { assert, assertEquals, assertRejects } from "../../helpers/assert.ts";
import { deferred, within, withTimeout } from "../../helpers/wait.ts";

/** A sink whose writes complete only when the test releases them. */
function gatedSink() {
  const written: string[] = [];
  const gates: PromiseWithResolvers<void>[] = [];
  const decoder = new TextDecoder();
  const stream = new WritableStream<Uint8Array>({
    write(chunk) {
      const gate = deferred();
      gates.push(gate);
      return gate.promise.then(() => {
        written.push(decoder.decode(chunk));
      });
    },
  });
  return { stream, written, gates };
}

const bytes = (s: string) => new TextEncoder().encode(s);

Deno.test("outbound unit: frames are written one at a time, in order", async () => {
  const sink = gatedSink();
  const failures: string[] = [];
  const queue = new OutboundQueue(sink.stream, (r) => failures.push(r));
  const a = queue.enqueue(bytes("a"))!;
  const b = queue.enqueue(bytes("b"))!;
  assertEquals([a.state, b.state], ["writing", "queued"]);
  await Promise.resolve();
  sink.gates[0].resolve();
  await a.written;
  await withTimeout(
    (async () => {
      while (sink.gates.length < 2) await new Promise((r) => setTimeout(r, 0));
    })(),
    1_000,
    "second write",
  );
  sink.gates[1].resolve();
  await b.written;
  assertEquals(sink.written, ["a", "b"]);
  assertEquals(failures, []);
  await queue.closeInput("done");
});

Deno.test("outbound unit: frame and byte bounds overflow into a failure, not a drop", async () => {
  const sink = gatedSink();
  const failures: string[] = [];
  const queue = new OutboundQueue(sink.stream, (r) => failures.push(r), {
    maxFrames: 2,
    maxBytes: 1_000,
  });
  assert(queue.enqueue(bytes("in flight")));
  assert(queue.enqueue(bytes("1")));
  const second = queue.enqueue(bytes("2"))!;
  assertEquals(queue.enqueue(bytes("3")), undefined);
  assertEquals(failures, ["outbound queue overflow"]);
  assert(queue.isClosed);
  await assertRejects(() => second.written, "outbound queue overflow");
  assertEquals(queue.enqueue(bytes("4")), undefined);
  sink.gates[0].resolve();
  await queue.release();

  const bySize = new OutboundQueue(gatedSink().stream, (r) => failures.push(r), {
    maxFrames: 100,
    maxBytes: 10,
  });
  assert(bySize.enqueue(bytes("x".repeat(50))), "the frame in flight is not counted");
  assert(bySize.enqueue(bytes("x".repeat(8))));
  assertEquals(bySize.enqueue(bytes("x".repeat(3))), undefined);
  bySize.close("test over");
});

Deno.test("outbound unit: a queued frame can be withdrawn, a frame being written cannot", async () => {
  const sink = gatedSink();
  const queue = new OutboundQueue(sink.stream, () => {});
  const a = queue.enqueue(bytes("a"))!;
  const b = queue.enqueue(bytes("b"))!;
  const c = queue.enqueue(bytes("c"))!;
  assertEquals(queue.withdraw(a), false);
  assertEquals(queue.withdraw(b), true);
  await assertRejects(() => b.written, "withdrawn");
  sink.gates[0].resolve();
  await a.written;
  await withTimeout(
    (async () => {
      while (sink.gates.length < 2) await new Promise((r) => setTimeout(r, 0));
    })(),
    1_000,
    "next write",
  );
  sink.gates[1].resolve();
  await c.written;
  assertEquals(sink.written, ["a", "c"]);
  await queue.closeInput("done");
});

Deno.test("pending unit: replies settle by id; unknown ids are late; close rejects the rest", async () => {
  const pending = new PendingRequests();
  const one = pending.add("1", { what: "one" }, () => {});
  const two = pending.add("2", { what: "two" }, () => {});
  assert(pending.resolve({ type: "tool_result", id: "1" }));
  assertEquals((await one).id, "1");
  assertEquals(pending.resolve({ type: "tool_result", id: "1" }), false);
  assertEquals(pending.resolve({ type: "command_response", id: "9" }), false);
  pending.rejectAll(new RequestError("disconnected", "extension x disconnected"));
  const error = await assertRejects(() => two, "extension x disconnected");
  assert(error instanceof RequestError && error.kind === "disconnected");
  assertEquals(pending.size, 0);
});

Deno.test("pending unit: timeout and abort reject, tell the giver-up, and leave nothing behind", async () => {
  const pending = new PendingRequests();
  const gaveUp: string[] = [];
  const timedOut = pending.add("t", { what: "t", timeoutMs: 1 }, (k) => gaveUp.push(k));
  const abort = new AbortController();
  const cancelled = pending.add("c", { what: "c", signal: abort.signal }, (k) => gaveUp.push(k));
  abort.abort();
  const e1 = await assertRejects(() => cancelled, "c cancelled");
  assert(e1 instanceof RequestError && e1.kind === "cancelled");
  const e2 = await within(
    5_000,
    assertRejects(() => timedOut, "timeout waiting for t"),
    "the request should reject at its 1 ms timeout",
  );
  assert(e2 instanceof RequestError && e2.kind === "timeout");
  assertEquals(gaveUp.sort(), ["cancelled", "timeout"]);
  // Forgetting settles silently (no unhandled rejection).
  pending.add("f", { what: "f", timeoutMs: 60_000 }, () => {});
  pending.forget("f");
  assertEquals(pending.size, 0);
});

Deno.test("ready unit: ready is idempotent; force only applies while pending; close resolves", async () => {
  const logged: string[] = [];
  const ready = new ReadyTracker((m) => logged.push(m));
  ready.markReady();
  ready.markReady();
  ready.force();
  await ready.ready;
  assertEquals(ready.state, "ready");
  assertEquals(logged.length, 0);

  const forced = new ReadyTracker((m) => logged.push(m));
  forced.start(60_000);
  forced.force();
  await forced.ready;
  assertEquals(forced.state, "ready-timeout");
  assertEquals(logged, ["timed out waiting for ready frame; proceeding"]);

  const closed = new ReadyTracker(() => {});
  closed.start(60_000);
  closed.close();
  await closed.ready;
  assertEquals(closed.state, "pending");
});

Deno.test("ready unit: a window with frames postpones auto-ready; a silent one triggers it", async () => {
  const logged: string[] = [];
  const ready = new ReadyTracker((m) => logged.push(m));
  ready.start(5);
  ready.frameSeen();
  await withTimeout(ready.ready, 2_000, "auto-ready");
  assertEquals(ready.state, "auto-ready");
  assertEquals(logged, ["no ready frame; auto-readying after idle (legacy SDK?)"]);
});
