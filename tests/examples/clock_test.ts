import { assertEquals, assertMatch, assertStringIncludes } from "../helpers/assert.ts";
import { EXAMPLES, load } from "./harness.ts";

Deno.test("example clock: raw Node protocol, registered before hello_ack, auto-ready", async () => {
  await using env = await load([`${EXAMPLES}clock`]);
  const { host } = env;
  // It never sends ready: the host's idle shim readied it.
  assertEquals(host.status().map((s) => [s.name, s.state]), [["clock", "auto-ready"]]);
  assertEquals(host.commands().map((c) => c.name), ["now", "uptime"]);
  const now = await host.invokeCommand("now", "");
  assertMatch(now.ok && now.display || "", /\(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\)$/);
  const up = await host.invokeCommand("uptime", "tea");
  assertEquals(up.ok && up.action, "prompt");
  assertStringIncludes(up.ok && up.prompt || "", "Relate it to tea in one sentence.");
});
