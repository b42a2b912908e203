import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { EXAMPLES, load } from "./harness.ts";

Deno.test("example hello: prompt, notify + display, and a command registered in onHello", async () => {
  await using env = await load([`${EXAMPLES}hello`]);
  const { host, ui } = env;
  assertEquals(host.commands().map((c) => c.name).sort(), ["hello", "summon", "where"]);
  assertEquals(await host.invokeCommand("hello", "Ada"), {
    ok: true,
    extension: "hello",
    command: "hello",
    action: "prompt",
    prompt: "Greet Ada in one short, friendly sentence.",
  });
  const summon = await host.invokeCommand("summon", "");
  assertEquals(summon.ok && summon.action === "display" ? summon.display : summon, "You rang?");
  const note = await ui.waitFor((c) => c.op === "notify", "the summon note");
  assertEquals(note.args, ["success", "summoned"]);
  // console.log inside the sandboxed worker went to the log, not onto the wire.
  const status = host.status()[0];
  assertEquals([status.sandboxed, status.counters?.malformed ?? 0], [true, 0]);
  const where = await host.invokeCommand("where", "");
  assertEquals(
    where.ok && where.action === "display" ? where.display : where,
    `project: ${await Deno.realPath(env.paths.cwd).catch(() => env.paths.cwd)}`,
  );
  await host.stop(1000);
  assertStringIncludes(await Deno.readTextFile(status.logPath!), "summon invoked");
});
