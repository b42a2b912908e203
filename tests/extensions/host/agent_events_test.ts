/**
 * The extension edge of the agent's event stream: every agent event maps to
 * the exact notification extensions got before the vocabulary was split
 * (field names and their order), and the events extensions do not hear take
 * no sequence number.
 */

import { assertEquals } from "../../helpers/assert.ts";
import type { AgentEvent } from "../../../src/agent/events.ts";
import { toLifecycleEvent } from "../../../src/extensions/host/agent_events.ts";
import { LIFECYCLE_EVENTS } from "../../../src/protocol/frames.ts";
import { fake, hostWith } from "./fake_channel.ts";

const text = [{ type: "text" as const, text: "ok" }];

/** Agent event, then the notification as JSON (bytes: field order counts). */
const CASES: [AgentEvent, string | undefined][] = [
  [
    { type: "user_prompt_submit", text: "hi", imageCount: 2, queued: false },
    `{"event":"user_prompt_submit","text":"hi","image_count":2}`,
  ],
  [
    { type: "user_prompt_submit", text: "", imageCount: 1, queued: false },
    `{"event":"user_prompt_submit","image_count":1}`,
  ],
  [
    { type: "user_prompt_submit", text: "", imageCount: 0, queued: true },
    `{"event":"user_prompt_submit","text":"","queued":true}`,
  ],
  [{ type: "turn_start", step: 3 }, `{"event":"turn_start","step":3}`],
  [{ type: "turn_end", stop: "end_turn" }, `{"event":"turn_end","stop":"end_turn"}`],
  [
    { type: "turn_end", stop: "error", error: "boom" },
    `{"event":"turn_end","stop":"error","error":"boom"}`,
  ],
  [
    { type: "retry", attempt: 1, delayMs: 500, error: "overloaded" },
    `{"event":"turn_end","stop":"error","error":"overloaded"}`,
  ],
  [
    { type: "tool_call", id: "c1", name: "bash", args: { command: "ls" }, inTranscript: true },
    `{"event":"tool_call","tool_id":"c1","tool_name":"bash","tool_args":{"command":"ls"}}`,
  ],
  [
    { type: "tool_call", id: "c2", name: "bash", args: {}, argsRaw: "{bad", inTranscript: true },
    `{"event":"tool_call","tool_id":"c2","tool_name":"bash","tool_args_raw":"{bad"}`,
  ],
  [
    { type: "tool_call", id: "e1", name: "read", args: {}, origin: "todo", inTranscript: false },
    `{"event":"tool_call","tool_id":"e1","tool_name":"read","tool_args":{},"origin_extension":"todo"}`,
  ],
  [
    {
      type: "tool_call",
      id: "c9",
      name: "bash",
      args: {},
      inTranscript: true,
      beyondBound: true,
    },
    undefined,
  ],
  [
    {
      type: "tool_result",
      id: "c1",
      name: "bash",
      args: { command: "ls" },
      status: "completed",
      executed: true,
      content: text,
      isError: false,
      inTranscript: true,
    },
    `{"event":"tool_result","tool_id":"c1","tool_name":"bash","tool_args":{"command":"ls"},` +
    `"status":"completed","executed":true,"result":{"content":[{"type":"text","text":"ok"}],` +
    `"is_error":false}}`,
  ],
  [
    {
      type: "tool_result",
      id: "c2",
      name: "bash",
      args: {},
      argsRaw: "{bad",
      status: "failed",
      executed: false,
      content: text,
      isError: true,
      origin: "todo",
      inTranscript: false,
    },
    `{"event":"tool_result","tool_id":"c2","tool_name":"bash","tool_args_raw":"{bad",` +
    `"status":"failed","executed":false,"result":{"content":[{"type":"text","text":"ok"}],` +
    `"is_error":true},"origin_extension":"todo"}`,
  ],
  [
    {
      type: "tool_result",
      id: "c9",
      name: "bash",
      args: {},
      status: "failed",
      executed: false,
      content: text,
      isError: true,
      inTranscript: true,
      beyondBound: true,
    },
    undefined,
  ],
  [
    { type: "tool_confirmation_requested", id: "c1", name: "bash", preview: "ls", origin: "x" },
    `{"event":"tool_confirmation_requested","tool_id":"c1","tool_name":"bash","tool_preview":"ls",` +
    `"origin_extension":"x"}`,
  ],
  [
    {
      type: "permission_decision",
      id: "c1",
      name: "bash",
      decision: "denied",
      source: "policy",
      stage: "pre_execution",
      reason: "no",
    },
    `{"event":"permission_decision","tool_id":"c1","tool_name":"bash","decision":"denied",` +
    `"source":"policy","stage":"pre_execution","reason":"no"}`,
  ],
  [
    {
      type: "assistant_message",
      message: { role: "assistant", content: [{ type: "text", text: "hello" }] },
      text: "hello",
    },
    `{"event":"assistant_message","text":"hello"}`,
  ],
  [
    {
      type: "assistant_message",
      message: {
        role: "assistant",
        content: [{ type: "tool_call", id: "c", name: "n", args: {} }],
      },
      text: "",
    },
    undefined,
  ],
  [
    { type: "pre_compact", compactionId: "k", messageCount: 4, tokenEstimate: 9 },
    `{"event":"pre_compact","compaction_id":"k","message_count":4,"token_estimate":9}`,
  ],
  [
    {
      type: "post_compact",
      compactionId: "k",
      messageCount: 2,
      tokenEstimate: 5,
      status: "failed",
      error: "e",
    },
    `{"event":"post_compact","compaction_id":"k","message_count":2,"token_estimate":5,` +
    `"status":"failed","error":"e"}`,
  ],
  [
    { type: "subagent_start", agentId: "a", runId: "r", name: "n", sessionId: "s" },
    `{"event":"subagent_start","agent_id":"a","agent_run_id":"r","name":"a","label":"n","session_id":"s"}`,
  ],
  [
    {
      type: "subagent_stop",
      agentId: "a",
      runId: "r",
      name: "n",
      status: "completed",
      sessionId: "s",
    },
    `{"event":"subagent_stop","agent_id":"a","agent_run_id":"r","name":"a","label":"n",` +
    `"status":"completed","session_id":"s"}`,
  ],
  [{ type: "text_delta", delta: "x" }, undefined],
  [{ type: "tool_progress", id: "c1", text: "x" }, undefined],
  [{ type: "done" }, undefined],
];

Deno.test("agent events map to the lifecycle notifications extensions get, byte for byte", () => {
  for (const [event, wire] of CASES) {
    const got = toLifecycleEvent(event);
    assertEquals(got === undefined ? undefined : JSON.stringify(got), wire, JSON.stringify(event));
  }
});

Deno.test("events extensions do not hear take no sequence number", async () => {
  const sub = fake("sub", [{ type: "subscribe", events: [...LIFECYCLE_EVENTS] }]);
  const host = await hostWith([sub]);
  host.startSession({ sessionId: "s", cwd: "/p" });
  host.notify({ type: "turn_start", step: 1 });
  host.notify({ type: "assistant_start" });
  host.notify({ type: "text_delta", delta: "hi" });
  host.notify({ type: "usage", usage: ZERO, cumulative: ZERO });
  host.notify({ type: "retry", attempt: 1, delayMs: 0, error: "again" });
  host.notify({ type: "turn_end", stop: "end_turn" });
  await host.stop();
  const events = sub.frames("event");
  assertEquals(events.map((e) => [e.event, e.sequence, e.session_id]), [
    ["session_start", 1, "s"],
    ["turn_start", 2, "s"],
    ["turn_end", 3, "s"],
    ["turn_end", 4, "s"],
    ["session_end", 5, "s"],
  ]);
  assertEquals(events[2].error, "again");
});

const ZERO = { input: 0, output: 0, cache_read: 0, cache_write: 0, cost_usd: 0 };
