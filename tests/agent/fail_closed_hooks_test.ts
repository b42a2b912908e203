/**
 * The agent's side of failing closed: when the guard check itself fails
 * (the hooks throw), the tool call or the turn is refused with the reason,
 * unless the run was cancelled (then it ends as cancelled).
 */

import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { echoTool, recordingHooks, reply } from "./fakes.ts";
import { testAgent } from "./helpers.ts";

Deno.test("fail closed: a tool_call check that throws refuses the call and the tool never runs", async () => {
  const tool = echoTool();
  const hooks = recordingHooks({
    interceptToolCall: () => Promise.reject(new Error("guard table corrupt")),
  });
  const t = await testAgent(
    [() => reply("", [{ id: "c1", name: "echo", args: { x: 1 } }]), () => reply("done")],
    { tools: [tool], hooks },
  );
  await t.agent.prompt("go");
  assertEquals(tool.calls.length, 0);
  const result = t.events.find((e) => e.type === "tool_result");
  assertEquals(result?.type === "tool_result" && result.is_error, true);
  assertStringIncludes(
    JSON.stringify(result),
    "Tool call refused: the guard check failed (guard table corrupt)",
  );
});

Deno.test("fail closed: a turn_start check that throws refuses the turn before the model is asked", async () => {
  const hooks = recordingHooks({
    interceptTurnStart: () => Promise.reject(new Error("policy offline")),
  });
  const t = await testAgent([() => reply("should not be asked")], { hooks });
  const result = await t.agent.prompt("go");
  assertEquals(result.stop, "error");
  assertStringIncludes(result.error ?? "", "Turn refused: the turn check failed (policy offline)");
  assertEquals(t.provider.requests.length, 0);
});

Deno.test("fail closed: a check that throws because the run was cancelled ends it as cancelled", async () => {
  const tool = echoTool();
  const abort = new AbortController();
  const hooks = recordingHooks({
    interceptToolCall: () => {
      abort.abort();
      return Promise.reject(new Error("aborted"));
    },
  });
  const t = await testAgent(
    [() => reply("", [{ id: "c1", name: "echo", args: {} }]), () => reply("done")],
    { tools: [tool], hooks },
  );
  const result = await t.agent.prompt("go", { signal: abort.signal });
  assertEquals(result.stop, "aborted");
  assertEquals(tool.calls.length, 0);
  const status = hooks.events.find((e) => e.event === "tool_result");
  assertEquals(status?.event === "tool_result" && status.status, "cancelled");
});
