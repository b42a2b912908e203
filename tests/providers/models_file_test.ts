/**
 * `$ZOT_HOME/models.json` is parsed once: good entries count, each bad one is
 * left out with a diagnostic naming the file, the entry and the field, and
 * saying what would be right.
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { parseModelsFile, readModelsFile } from "../../src/providers/models_file.ts";

Deno.test("models.json: every field, snake_case, costs per million tokens", () => {
  const r = parseModelsFile({
    models: {
      "llama3.1:8b": {
        provider: "openai",
        context_window: 32768,
        max_output: 8192,
        input_cost: 0.1,
        output_cost: 0.2,
        cache_read_cost: 0.01,
        cache_write_cost: 0.125,
      },
      bare: {},
    },
  }, "models.json");
  assertEquals(r.diagnostics, []);
  assertEquals(r.models, [
    {
      id: "llama3.1:8b",
      provider: "openai",
      contextWindow: 32768,
      maxOutput: 8192,
      inputCost: 0.1,
      outputCost: 0.2,
      cacheReadCost: 0.01,
      cacheWriteCost: 0.125,
    },
    { id: "bare", contextWindow: 0, maxOutput: 0, inputCost: 0, outputCost: 0 },
  ]);
});

Deno.test("models.json: a bad entry is left out with the field and the fix named", () => {
  const r = parseModelsFile({
    models: {
      good: { context_window: 1000 },
      half: { context_window: 1.5 },
      negative: { input_cost: -1 },
      typo: { context_windw: 1000 },
      who: { provider: "mistral" },
      flat: 5,
    },
    extra: true,
  }, "/h/models.json");
  assertEquals(r.models.map((m) => m.id), ["good"]);
  assertEquals(r.diagnostics, [
    `/h/models.json: unknown field "extra" (example: {"models": {"llama3.1:8b": {"context_window": 32768}}})`,
    `/h/models.json: models["half"].context_window must be a positive whole number of tokens (example: 32768)`,
    `/h/models.json: models["negative"].input_cost must be a price in USD per million tokens, 0 or more (example: 0.5)`,
    `/h/models.json: models["typo"].context_windw is not a known field (use context_window, max_output, input_cost, output_cost, cache_read_cost, cache_write_cost or provider)`,
    `/h/models.json: models["who"].provider must be "anthropic" or "openai"`,
    `/h/models.json: models["flat"] must be an object (example: {"models": {"llama3.1:8b": {"context_window": 32768}}})`,
  ]);
});

Deno.test("models.json: a missing file is empty, a broken one says so and how to fix it", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "models.json");
  assertEquals(await readModelsFile(path), { models: [], diagnostics: [] });
  await Deno.writeTextFile(path, `{"models": {"x": {"context_window": 10,}}}`);
  const broken = await readModelsFile(path);
  assertEquals(broken.models, []);
  assertStringIncludes(broken.diagnostics[0], `Ignoring "${path}": invalid JSON`);
  assertStringIncludes(broken.diagnostics[0], "fix or delete the file");
  await Deno.writeTextFile(path, `{"models": []}`);
  assertStringIncludes(
    (await readModelsFile(path)).diagnostics[0],
    `"models" must be an object keyed by model id`,
  );
});
