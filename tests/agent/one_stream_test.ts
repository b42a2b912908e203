/**
 * The agent emits each event once, in its own vocabulary: extensions (the
 * hooks) and the modes (subscribers) get the very same events in the same
 * order, and each moment of a run is one event, not one per audience.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import type { AgentEvent } from "../../src/agent/events.ts";
import { echoTool, recordingHooks, reply } from "./fakes.ts";
import { testAgent } from "./helpers.ts";

function observed() {
  const seen: AgentEvent[] = [];
  const base = recordingHooks();
  const hooks = {
    ...base,
    notify(event: AgentEvent) {
      seen.push(event);
      base.notify(event);
    },
  };
  return { seen, hooks };
}

Deno.test("hooks and subscribers get the same events, each once", async () => {
  const { seen, hooks } = observed();
  const t = await testAgent([
    () => [
      { type: "retry", attempt: 1, delayMs: 0, error: "overloaded" },
      ...reply("", [
        { id: "c1", name: "echo", args: { a: 1 } },
      ]),
    ],
    () => reply("done"),
  ], { tools: [echoTool()], hooks });
  await t.agent.prompt("go");
  assertEquals(seen.length, t.domain.length);
  assert(seen.every((event, i) => event === t.domain[i]), "the same objects, in the same order");
  const count = (type: AgentEvent["type"]) => t.domain.filter((e) => e.type === type).length;
  // Two steps: two turn ends; the retry is one event (extensions hear it as a turn_end).
  assertEquals([count("turn_start"), count("turn_end"), count("retry")], [2, 2, 1]);
  assertEquals([count("tool_call"), count("tool_result"), count("assistant_message")], [1, 1, 2]);
  assertEquals(hooks.names().filter((n) => n === "turn_end").length, 3);
});

Deno.test("a tool result is one event carrying both the outcome and what the client shows", async () => {
  const t = await testAgent([
    () => reply("", [{ id: "c1", name: "echo", args: { a: 1 } }]),
    () => reply("ok"),
  ], { tools: [echoTool()] });
  await t.agent.prompt("go");
  const results = t.domain.filter((e) => e.type === "tool_result");
  assertEquals(results.length, 1);
  const [r] = results;
  assert(r.type === "tool_result");
  assertEquals([r.status, r.executed, r.isError, r.inTranscript], ["completed", true, false, true]);
});
