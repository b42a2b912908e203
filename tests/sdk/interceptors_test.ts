/**
 * The SDK's interceptors fail closed, checked directly on `answerIntercept`
 * (the real-pipe suite in sdk_test.ts covers the same through a process): a
 * guard that throws, or answers with anything but nothing or an object
 * (`true`, the Go SDK's `[allowed, reason]` pair, a string), blocks the call
 * with a reason that names the fix, and never lets it through.
 */

import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { answerIntercept, type ToolCallInterceptor } from "../../src/sdk/interceptors.ts";

const ctx = { signal: new AbortController().signal };
const frame = {
  type: "event_intercept" as const,
  id: "i1",
  event: "tool_call",
  tool_id: "t1",
  tool_name: "bash",
  tool_args: { command: "rm -rf /" },
};

async function answer(fn: unknown) {
  return await answerIntercept(frame, { tool_call: fn as ToolCallInterceptor }, ctx);
}

Deno.test("sdk interceptors: a guard that throws blocks, quoting the error", async () => {
  const r = await answer(() => {
    throw new Error("guard bug");
  });
  assertEquals([r.block, r.reason], [true, "intercept panic: guard bug"]);
  const rejected = await answer(() => Promise.reject(new Error("async bug")));
  assertEquals([rejected.block, rejected.reason], [true, "intercept panic: async bug"]);
});

Deno.test("sdk interceptors: answers that are neither nothing nor an object block, naming the fix", async () => {
  for (const [value, what] of [[true, "a boolean"], [[true, ""], "an array"], ["ok", "a string"]]) {
    const r = await answer(() => value);
    assertEquals(r.block, true, `${JSON.stringify(value)} must block`);
    assertStringIncludes(r.reason ?? "", `the tool_call interceptor returned ${what}`);
    assertStringIncludes(r.reason ?? "", "return nothing to allow");
  }
});

Deno.test("sdk interceptors: nothing allows unchanged, a block decision blocks", async () => {
  assertEquals(await answer(() => undefined), { type: "event_intercept_response", id: "i1" });
  const r = await answer(() => ({ block: true, reason: "no" }));
  assertEquals([r.block, r.reason, r.modified_args], [true, "no", undefined]);
});
