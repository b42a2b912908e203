import { assertEquals } from "../../helpers/assert.ts";
import { applyLine, newChildState } from "../../../src/agent/subagents/stream.ts";

Deno.test("the last assistant text with content is the answer; progress is clipped", () => {
  const state = newChildState();
  const progress: string[] = [];
  const lines = [
    { type: "turn_start", step: 1 },
    { type: "tool_call", id: "t1", name: "read", args: { path: "x" } },
    {
      type: "assistant_message",
      content: [{ type: "text", text: "First " }, { type: "text", text: "part." }],
    },
    { type: "assistant_message", content: [{ type: "tool_call", id: "t2", name: "bash" }] },
    { type: "assistant_message", content: [{ type: "text", text: "x".repeat(500) }] },
    { type: "done" },
  ];
  for (const line of lines) applyLine(state, JSON.stringify(line), (t) => progress.push(t));
  assertEquals(state.text, "x".repeat(500));
  assertEquals(state.done, true);
  assertEquals(progress[0], "tool read");
  assertEquals(progress[1], "First part.");
  assertEquals(progress[2].length, 200);
});

Deno.test("errors are remembered; garbage is counted and skipped", () => {
  const state = newChildState();
  for (
    const line of [
      "not json",
      "[1,2]",
      '{"type":7}',
      "",
      '{"type":"turn_end","stop":"error","error":"overloaded"}',
      '{"type":"assistant_message","content":"oops"}',
      '{"type":"error","message":"provider said no"}',
    ]
  ) applyLine(state, line);
  assertEquals(state.garbage, 3);
  assertEquals(state.error, "provider said no");
  assertEquals(state.text, "");
});
