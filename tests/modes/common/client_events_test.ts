/**
 * The JSON/RPC edge of the agent's event stream: each agent event becomes
 * the exact line scripts read (field names and their order), images are
 * reduced to their size, and what clients never got (retries, lifecycle
 * notifications, an extension's call_tool) stays off stdout.
 */

import { assertEquals } from "../../helpers/assert.ts";
import type { AgentEvent } from "../../../src/agent/events.ts";
import { clientMessage, toClientEvent } from "../../../src/modes/common/client_events.ts";

const TIME = "2026-01-01T00:00:00.000Z";
const image = { type: "image" as const, mime_type: "image/png", data: "iVBORw0KGgo=" };
const usage = { input: 1, output: 2, cache_read: 3, cache_write: 4, cost_usd: 0.5 };

const CASES: [AgentEvent, string | undefined][] = [
  [{ type: "turn_start", step: 1 }, `{"type":"turn_start","step":1}`],
  [
    {
      type: "user_message",
      message: { role: "user", content: [{ type: "text", text: "hi" }, image], time: TIME },
    },
    `{"type":"user_message","content":[{"type":"text","text":"hi"},` +
    `{"type":"image","mime_type":"image/png","bytes":8}],"time":"${TIME}"}`,
  ],
  [{ type: "assistant_start" }, `{"type":"assistant_start"}`],
  [{ type: "text_delta", delta: "he" }, `{"type":"text_delta","delta":"he"}`],
  [
    { type: "tool_call", id: "c1", name: "read", args: { path: "a" }, inTranscript: true },
    `{"type":"tool_call","id":"c1","name":"read","args":{"path":"a"}}`,
  ],
  [
    {
      type: "tool_call",
      id: "c9",
      name: "read",
      args: {},
      inTranscript: true,
      beyondBound: true,
    },
    `{"type":"tool_call","id":"c9","name":"read","args":{}}`,
  ],
  [
    { type: "tool_call", id: "e1", name: "read", args: {}, origin: "x", inTranscript: false },
    undefined,
  ],
  [
    { type: "tool_progress", id: "c1", text: "..." },
    `{"type":"tool_progress","id":"c1","text":"..."}`,
  ],
  [
    {
      type: "tool_result",
      id: "c1",
      name: "read",
      args: { path: "a" },
      status: "completed",
      executed: true,
      content: [{ type: "text", text: "ok" }, image],
      isError: false,
      inTranscript: true,
    },
    `{"type":"tool_result","id":"c1","is_error":false,"content":[{"type":"text","text":"ok"},` +
    `{"type":"image","mime_type":"image/png","bytes":8}]}`,
  ],
  [
    {
      type: "tool_result",
      id: "e1",
      name: "read",
      args: {},
      status: "failed",
      executed: true,
      content: [],
      isError: true,
      origin: "x",
      inTranscript: false,
    },
    undefined,
  ],
  [
    {
      type: "assistant_message",
      message: {
        role: "assistant",
        content: [{ type: "text", text: "yes" }, {
          type: "tool_call",
          id: "c",
          name: "n",
          args: {},
        }],
        time: TIME,
      },
      text: "yes",
    },
    `{"type":"assistant_message","content":[{"type":"text","text":"yes"},` +
    `{"type":"tool_call","id":"c","name":"n","args":{}}],"time":"${TIME}"}`,
  ],
  [
    { type: "assistant_message", message: { role: "assistant", content: [] }, text: "" },
    undefined,
  ],
  [
    { type: "usage", usage, cumulative: usage },
    `{"type":"usage","input":1,"output":2,"cache_read":3,"cache_write":4,"cost_usd":0.5,` +
    `"cumulative":{"input":1,"output":2,"cache_read":3,"cache_write":4,"cost_usd":0.5}}`,
  ],
  [{ type: "turn_end", stop: "tool_use" }, `{"type":"turn_end","stop":"tool_use"}`],
  [
    { type: "turn_end", stop: "error", error: "x" },
    `{"type":"turn_end","stop":"error","error":"x"}`,
  ],
  [{ type: "error", message: "bad" }, `{"type":"error","message":"bad"}`],
  [{ type: "done" }, `{"type":"done"}`],
  [{ type: "compact_done", summary: "s" }, `{"type":"compact_done","summary":"s"}`],
  [{ type: "retry", attempt: 1, delayMs: 10, error: "429" }, undefined],
  [{ type: "user_prompt_submit", text: "hi", imageCount: 0, queued: false }, undefined],
  [
    {
      type: "permission_decision",
      id: "c1",
      name: "read",
      decision: "approved",
      source: "yolo",
      stage: "pre_execution",
    },
    undefined,
  ],
  [{ type: "pre_compact", compactionId: "k", messageCount: 1, tokenEstimate: 1 }, undefined],
  [{ type: "subagent_start", agentId: "a", runId: "r", name: "n", sessionId: "s" }, undefined],
];

Deno.test("agent events map to the JSON and RPC event lines, byte for byte", () => {
  for (const [event, line] of CASES) {
    const got = toClientEvent(event);
    assertEquals(got === undefined ? undefined : JSON.stringify(got), line, JSON.stringify(event));
  }
});

Deno.test("get_messages: images inside tool results are reduced too", () => {
  const message = clientMessage({
    role: "tool",
    content: [{ type: "tool_result", call_id: "c", name: "n", is_error: false, content: [image] }],
    time: TIME,
  });
  assertEquals(
    JSON.stringify(message),
    `{"role":"tool","content":[{"type":"tool_result","call_id":"c","name":"n","is_error":false,` +
      `"content":[{"type":"image","mime_type":"image/png","bytes":8}]}],"time":"${TIME}"}`,
  );
});
