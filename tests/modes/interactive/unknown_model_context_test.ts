/**
 * The TUI's context use for a model beyond the catalog: the window the
 * server states in its `/v1/models` entry makes the status line show
 * `ctx N%` after a reply, as it does for catalog models.
 */

import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { until } from "../../helpers/wait.ts";
import { startZotTui } from "./zot_tmux.ts";

Deno.test("tui: context % for a served model whose window the server states", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    models: ["local-m"],
    modelFields: { "local-m": { max_model_len: 1000 } },
    script: [{ text: "hello back", usage: { input: 490, output: 10 } }],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: [
      "--provider",
      "openai",
      "--base-url",
      llm.openaiBaseUrl,
      "--api-key",
      "x",
      "--model",
      "local-m",
      "--no-ext",
    ],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("hi");
  await tui.keys("Enter");
  await tui.waitFor("hello back", "the reply");
  await tui.waitFor("ctx 50%", "the context use in the status line");
  await tui.keys("C-c");
  await tui.keys("C-c");
  await until(() => tui.dead(), 10_000, "zot to exit");
});
