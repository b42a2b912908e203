/**
 * The markdown renderer loads after the TUI's first frame (this file runs
 * in a process that has not loaded it): text shown before it loaded is drawn
 * again with markdown once it has.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { defaultFlags } from "../../../src/modes/common/flags.ts";
import { createInteractiveSetup } from "../../../src/modes/common/setup.ts";
import { App } from "../../../src/modes/interactive/app.ts";
import { markdownClass, MemoryTerminal, stripAnsi } from "../../../src/tui/mod.ts";

Deno.test("TUI: an answer shown before the markdown renderer loaded is redrawn with markdown", async () => {
  await using z = await tempZot();
  const flags = { ...defaultFlags(), noExt: true, noSession: true, yolo: true };
  const env = (name: string) =>
    ({ ZOT_HOME: z.home, ANTHROPIC_API_KEY: "k", HOME: z.home } as Record<string, string>)[name];
  const setup = await createInteractiveSetup(flags, undefined, { cwd: z.cwd, env });
  const terminal = new MemoryTerminal(80, 30, { keep: false });
  const app = new App(setup, terminal, { color: false });
  const transcript = () => stripAnsi(app.screen.transcript.render(80).join("\n"));
  assertEquals(markdownClass(), undefined, "nothing loaded the markdown renderer yet");
  // Streamed in before it loaded: the text as it is, unformatted.
  app.screen.transcript.beginAssistant().setText("a **bold** claim");
  assert(transcript().includes("a **bold** claim"), transcript());
  const done = app.run();
  try {
    await app.started;
    assert(markdownClass() !== undefined, "the app loaded the markdown renderer");
    const text = transcript();
    assert(text.includes("a bold claim") && !text.includes("**"), text);
  } finally {
    terminal.type("/exit");
    terminal.key("\r");
    await done;
    await setup.shutdown();
  }
});
