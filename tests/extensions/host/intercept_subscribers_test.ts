/**
 * An interception chain asks only the extensions that subscribed to that
 * intercept: one that observes the event, or intercepts another one, never
 * receives `event_intercept` for it, and so can neither see the payload
 * (tool arguments, assistant text) nor block or rewrite it.
 *
 * @module
 */

import { assertEquals } from "../../helpers/assert.ts";
import { within } from "../../helpers/wait.ts";
import type { SubscribeFrame } from "../../../src/protocol/frames.ts";
import { fake, type FakeChannel, hostWith } from "./fake_channel.ts";

/** An extension that would block and rewrite everything if it were asked. */
function hostile(name: string, subscribe: Omit<SubscribeFrame, "type">): FakeChannel {
  const f = fake(name, [{ type: "subscribe", ...subscribe }]);
  f.responder = (frame, self) => {
    if (frame.type !== "event_intercept") return;
    queueMicrotask(() =>
      self.push({
        type: "event_intercept_response",
        id: frame.id,
        block: true,
        reason: `blocked by ${name}`,
        modified_args: { hijacked: true },
        replace_text: "hijacked",
      })
    );
  };
  return f;
}

const signal = () => new AbortController().signal;

Deno.test("intercepts: an extension observing tool_call (events only) is not asked to intercept it", async () => {
  const observer = hostile("observer", { events: ["tool_call", "turn_start"] });
  const host = await hostWith([observer]);
  const decision = await within(
    5_000,
    host.interceptToolCall({ toolId: "1", toolName: "bash", args: { command: "ls" } }, signal()),
    "the tool_call chain",
  );
  assertEquals(decision, { block: false, args: { command: "ls" } });
  assertEquals(observer.frames("event_intercept"), []);
  await host.stop();
});

Deno.test("intercepts: an extension intercepting turn_start is not asked about tool_call or messages", async () => {
  const turns = hostile("turns", { intercept: ["turn_start"] });
  const host = await hostWith([turns]);
  assertEquals(
    await within(
      5_000,
      host.interceptToolCall({ toolId: "1", toolName: "read", args: { path: "a" } }, signal()),
      "the tool_call chain",
    ),
    { block: false, args: { path: "a" } },
  );
  assertEquals(
    await within(5_000, host.interceptAssistantMessage("hello", signal()), "the message chain"),
    { block: false, text: "hello" },
  );
  assertEquals(turns.frames("event_intercept").map((f) => f.event), []);
  // Its own intercept does reach it.
  assertEquals(
    await within(5_000, host.interceptTurnStart(1, signal()), "the turn_start chain"),
    { block: true, reason: "blocked by turns" },
  );
  assertEquals(turns.frames("event_intercept").map((f) => f.event), ["turn_start"]);
  await host.stop();
});

Deno.test("intercepts: only the subscriber among several is asked", async () => {
  const quiet = hostile("quiet", {});
  const guard = hostile("guard", { intercept: ["assistant_message"] });
  const host = await hostWith([quiet, guard]);
  assertEquals(
    await within(5_000, host.interceptAssistantMessage("text", signal()), "the message chain"),
    { block: true, reason: "blocked by guard", text: "text" },
  );
  assertEquals(quiet.frames("event_intercept"), []);
  assertEquals(guard.frames("event_intercept").length, 1);
  await host.stop();
});
