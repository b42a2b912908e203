import { assertEquals } from "../helpers/assert.ts";
import { EXAMPLES, load } from "./harness.ts";

Deno.test("example policy: redacts keys on screen, caps model turns, appends the house rule", async () => {
  await using env = await load([`${EXAMPLES}policy`]);
  const { host } = env;
  const signal = new AbortController().signal;
  const key = "AKIAABCDEFGHIJKLMNOP";
  assertEquals(
    await host.interceptAssistantMessage(`use ${key} and ghp_${"x".repeat(36)}`, signal),
    {
      block: false,
      text: "use [redacted] and [redacted]",
    },
  );
  assertEquals(await host.interceptAssistantMessage("nothing secret", signal), {
    block: false,
    text: "nothing secret",
  });
  assertEquals((await host.interceptTurnStart(20, signal)).block, false);
  assertEquals(await host.interceptTurnStart(21, signal), {
    block: true,
    reason: "policy: stopped after 20 model turns",
  });
  const prompt = await host.beforeAgentStart({
    systemPrompt: "BASE",
    sessionId: "s",
    agentRunId: "r",
    cwd: env.paths.cwd,
    provider: "fake",
    model: "fake-1",
  }, signal);
  assertEquals(
    prompt,
    "BASE\n\nHouse rule: never print credentials; refer to them by their name.",
  );
  assertEquals(host.diagnostics(), []);
});
