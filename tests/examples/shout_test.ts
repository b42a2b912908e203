import { assertEquals } from "../helpers/assert.ts";
import { EXAMPLES, load, resultText, runTool } from "./harness.ts";

Deno.test("example shout (sh + jq): command, tool, usage error, JSON escaping", async () => {
  await using env = await load([`${EXAMPLES}shout`]);
  const { host } = env;
  assertEquals(host.status().map((s) => s.state), ["ready"]);
  const loud = await host.invokeCommand("shout", 'say "hi"\tnow');
  assertEquals(loud.ok && loud.display, 'SAY "HI"\tNOW');
  const none = await host.invokeCommand("shout", "");
  assertEquals(none.ok && none.error, "usage: /shout <text>");
  assertEquals(resultText(await runTool(host, "shout", { text: "ok" })), "OK!");
});
