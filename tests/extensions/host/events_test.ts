import { assertEquals } from "../../helpers/assert.ts";
import { LIFECYCLE_EVENTS } from "../../../src/protocol/frames.ts";
import { fake, hostWith } from "./fake_channel.ts";

const ALL = [...LIFECYCLE_EVENTS];

Deno.test("lifecycle order, session switch/end and shutdown drain (TestLifecycleOrderAndShutdownDrain)", async () => {
  const sub = fake("sub", [{ type: "subscribe", events: ALL }]);
  const host = await hostWith([sub]);
  host.startSession({ sessionId: "one", cwd: "/work" });
  host.startSession({ sessionId: "one", cwd: "/work" });
  for (let i = 0; i < 50; i++) {
    host.emit({ event: "tool_call", tool_id: `t${i}`, tool_name: "read", tool_args: { i } });
    host.emit({
      event: "tool_result",
      tool_id: `t${i}`,
      tool_name: "read",
      tool_args: { i },
      status: "completed",
      executed: true,
      result: { content: [{ type: "text", text: "ok" }], is_error: false },
    });
  }
  host.startSession({ sessionId: "two", cwd: "/other" }, "cwd_change");
  host.endSession("user_exit");
  host.endSession("user_exit");
  await host.stop();
  host.startSession({ sessionId: "three", cwd: "/x" });
  host.emit({ event: "turn_start", step: 1 });

  const events = sub.frames("event");
  assertEquals(events.length, 104);
  assertEquals(events.map((e) => e.sequence), Array.from({ length: 104 }, (_, i) => i + 1));
  assertEquals(events[0], {
    type: "event",
    event: "session_start",
    session_id: "one",
    cwd: "/work",
    sequence: 1,
  });
  const calls = events.filter((e) => e.event === "tool_call").map((e) => e.tool_id);
  assertEquals(calls, Array.from({ length: 50 }, (_, i) => `t${i}`));
  assertEquals(events.slice(101).map((e) => [e.event, e.session_id, e.cwd, e.reason]), [
    ["session_end", "one", "/work", "cwd_change"],
    ["session_start", "two", "/other", undefined],
    ["session_end", "two", "/other", "user_exit"],
  ]);
  // shutdown comes after every event on the same pipe.
  assertEquals(sub.sent[sub.sent.length - 1], { type: "shutdown" });
  assertEquals(host.session.sessionId, "two");
});

Deno.test("stop ends an open session with reason shutdown before stopping", async () => {
  const sub = fake("sub", [{ type: "subscribe", events: ["session_end"] }]);
  const host = await hostWith([sub]);
  host.startSession({ sessionId: "s", cwd: "/p" });
  await host.stop();
  assertEquals(sub.sent.map((f) => f.type === "event" ? `${f.event}:${f.reason}` : f.type), [
    "session_end:shutdown",
    "shutdown",
  ]);
});

Deno.test("events go only to subscribers of that exact name; sequence counts every event", async () => {
  const a = fake("a", [{ type: "subscribe", events: ["turn_start"] }]);
  const b = fake("b", [{ type: "subscribe", events: ["turn_end", "pre_compact"] }]);
  const host = await hostWith([a, b]);
  host.emit({ event: "turn_start", step: 1 });
  host.emit({ event: "assistant_message", text: "nobody listens" });
  host.emit({ event: "turn_end", stop: "end_turn" });
  host.emit({
    event: "post_compact",
    compaction_id: "c",
    message_count: 1,
    token_estimate: 2,
    status: "completed",
  });
  host.emit({ event: "pre_compact", compaction_id: "c", message_count: 1, token_estimate: 2 });
  assertEquals(a.frames("event").map((e) => [e.event, e.sequence]), [["turn_start", 1]]);
  assertEquals(b.frames("event").map((e) => [e.event, e.sequence]), [["turn_end", 3], [
    "pre_compact",
    5,
  ]]);
  // Before any session: the runtime id and the host cwd.
  assertEquals([
    a.sent[0].type === "event" && a.sent[0].session_id,
    a.sent[0].type === "event" && a.sent[0].cwd,
  ], ["runtime", "/work"]);
  await host.stop();
});

Deno.test("tool_result payloads are bounded; unparsable args travel as tool_args_raw", async () => {
  const sub = fake("sub", [{ type: "subscribe", events: ["tool_result", "tool_call"] }]);
  const host = await hostWith([sub]);
  const huge = "x".repeat(300 * 1024);
  host.emit({
    event: "tool_result",
    tool_id: "1",
    tool_name: "bash",
    tool_args_raw: "{invalid",
    status: "failed",
    executed: true,
    result: { content: [{ type: "text", text: huge }], is_error: true },
  });
  host.emit({
    event: "tool_call",
    tool_id: "2",
    tool_name: "bash",
    tool_args: "{invalid" as never,
  });
  const [result, call] = sub.frames("event");
  assertEquals(result.tool_args, undefined);
  assertEquals(result.tool_args_raw, "{invalid");
  assertEquals(result.status, "failed");
  const bounded = result.result as {
    content: { text: string }[];
    truncated: boolean;
    is_error: boolean;
  };
  assertEquals(bounded.truncated, true);
  assertEquals(bounded.is_error, true);
  assertEquals(bounded.content[0].text.length, 256 * 1024);
  assertEquals("tool_args" in call, false);
  assertEquals(call.tool_args_raw, "{invalid");
  await host.stop();
});

Deno.test("a closed extension no longer receives events; others do", async () => {
  const a = fake("a", [{ type: "subscribe", events: ["turn_start"] }]);
  const b = fake("b", [{ type: "subscribe", events: ["turn_start"] }]);
  const host = await hostWith([a, b]);
  a.close();
  await a.closed;
  host.emit({ event: "turn_start", step: 1 });
  assertEquals(a.frames("event").length, 0);
  assertEquals(b.frames("event").length, 1);
  await host.stop();
});
