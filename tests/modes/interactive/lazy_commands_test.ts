/**
 * The built-ins' code loads at their first run (the first frame does not
 * wait for it): lines typed while that code loads keep their order. (The
 * table matching the code it loads: commands_test.ts.)
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { until } from "../../helpers/wait.ts";
import { defaultFlags } from "../../../src/modes/common/flags.ts";
import { createInteractiveSetup } from "../../../src/modes/common/setup.ts";
import { App } from "../../../src/modes/interactive/app.ts";
import { findBuiltin } from "../../../src/modes/interactive/commands/registry.ts";
import { MemoryTerminal, stripAnsi } from "../../../src/tui/mod.ts";

Deno.test("lazy built-ins: a prompt typed right after a first /clear runs after it", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "first answer" }, { text: "second" }] });
  const flags = { ...defaultFlags(), baseUrl: llm.url, noExt: true, noSession: true, yolo: true };
  const env = (name: string) =>
    ({ ZOT_HOME: z.home, ANTHROPIC_API_KEY: "k", HOME: z.home } as Record<string, string>)[name];
  const setup = await createInteractiveSetup(flags, undefined, { cwd: z.cwd, env });
  const terminal = new MemoryTerminal(80, 30, { keep: false });
  const app = new App(setup, terminal, { color: false });
  const done = app.run();
  const transcript = () => stripAnsi(app.screen.transcript.render(80).join("\n"));
  try {
    await app.started;
    terminal.type("one");
    terminal.key("\r");
    await until(
      () => !app.controller.running && transcript().includes("first answer"),
      10_000,
      "first run",
    );
    // Typed in one go: /clear's code is not loaded yet, the prompt must not overtake it.
    assertEquals(findBuiltin("clear")?.loaded, undefined);
    terminal.type("/clear");
    terminal.key("\r");
    terminal.type("two");
    terminal.key("\r");
    await until(() => llm.requests.length === 2 && !app.controller.running, 10_000, "two runs");
    const text = transcript();
    assert(!text.includes("first answer"), `cleared before the prompt ran:\n${text}`);
    assert(text.includes("second"), text);
    assertEquals(app.screen.status.message, "");
    // The model saw only the second prompt: the conversation was cleared before it.
    assertEquals(JSON.stringify(llm.requests[1].body).includes("first answer"), false);
  } finally {
    terminal.type("/exit");
    terminal.key("\r");
    await done;
    await setup.shutdown();
  }
});
