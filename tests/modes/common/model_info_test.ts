/**
 * The model lookup before the first request skips its module only when it
 * has nothing to add: a catalog model with no models.json. Any models.json
 * (a valid one overriding the catalog entry, a broken one to report) goes
 * through the full lookup, as before.
 */

import { join } from "node:path";
import { assertEquals } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";
import { lookUpModelLazily } from "../../../src/modes/common/model_info.ts";
import { findModel, forgetLearnedModels } from "../../../src/providers/models.ts";

const CATALOG = "claude-opus-4-7";

Deno.test("lookUpModelLazily: a catalog model and no models.json is the catalog's entry", async () => {
  forgetLearnedModels();
  await using dir = await tempDir();
  const r = await lookUpModelLazily({
    provider: "anthropic",
    model: CATALOG,
    modelsFile: join(dir.path, "models.json"),
  });
  assertEquals([r.source, r.info, r.diagnostics], ["catalog", findModel(CATALOG), []]);
});

Deno.test("lookUpModelLazily: a models.json entry overrides a catalog model", async () => {
  forgetLearnedModels();
  await using dir = await tempDir();
  const file = join(dir.path, "models.json");
  await Deno.writeTextFile(
    file,
    JSON.stringify({ models: { [CATALOG]: { context_window: 1234 } } }),
  );
  const r = await lookUpModelLazily({ provider: "anthropic", model: CATALOG, modelsFile: file });
  assertEquals([r.source, r.info?.contextWindow], ["models.json", 1234]);
  forgetLearnedModels();
});

Deno.test("lookUpModelLazily: a broken models.json is still reported for a catalog model", async () => {
  forgetLearnedModels();
  await using dir = await tempDir();
  const file = join(dir.path, "models.json");
  await Deno.writeTextFile(file, "{ not json");
  const r = await lookUpModelLazily({ provider: "anthropic", model: CATALOG, modelsFile: file });
  assertEquals(r.source, "catalog");
  assertEquals(r.diagnostics.length, 1, r.diagnostics.join("\n"));
});

Deno.test("lookUpModelLazily: a model beyond the catalog reads models.json", async () => {
  forgetLearnedModels();
  await using dir = await tempDir();
  const file = join(dir.path, "models.json");
  await Deno.writeTextFile(
    file,
    JSON.stringify({ models: { "local-x": { context_window: 4096 } } }),
  );
  const r = await lookUpModelLazily({ provider: "openai", model: "local-x", modelsFile: file });
  assertEquals([r.source, r.info?.contextWindow], ["models.json", 4096]);
  forgetLearnedModels();
});
