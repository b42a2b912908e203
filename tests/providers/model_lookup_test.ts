/**
 * Models beyond the catalog: their context window, output limit and prices
 * come from `$ZOT_HOME/models.json`, else from the server behind the base URL
 * (vLLM and OpenRouter list entries, Ollama's /api/show, Anthropic's
 * /v1/models/{id}), and `findModel` answers with them afterwards.
 */

import { join } from "node:path";
import { assertEquals } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { lookUpModel } from "../../src/providers/model_lookup.ts";
import { costOf, findModel, forgetLearnedModels } from "../../src/providers/models.ts";
import { modelServer } from "./_model_server.ts";

const NO_FILE = "/nonexistent/zot-models.json";

Deno.test("lookUpModel: a vLLM entry's max_model_len is the context window", async () => {
  forgetLearnedModels();
  await using s = modelServer({
    "GET /v1/models": { data: [{ id: "other" }, { id: "qwen-coder", max_model_len: 32768 }] },
  });
  const r = await lookUpModel({
    provider: "openai",
    model: "qwen-coder",
    modelsFile: NO_FILE,
    baseUrl: `${s.root}/v1`,
    apiKey: "k",
  });
  assertEquals([r.source, r.info?.contextWindow], ["server", 32768]);
  assertEquals(findModel("qwen-coder")?.contextWindow, 32768);
  assertEquals(s.seen[0].headers.authorization, "Bearer k");
});

Deno.test("lookUpModel: OpenRouter-style context_length and per-token pricing", async () => {
  forgetLearnedModels();
  await using s = modelServer({
    "GET /v1/models": {
      data: [{
        id: "vendor/model",
        context_length: 65536,
        top_provider: { max_completion_tokens: 4096 },
        pricing: { prompt: "0.000003", completion: "0.000015" },
      }],
    },
  });
  const r = await lookUpModel({
    provider: "openai",
    model: "vendor/model",
    modelsFile: NO_FILE,
    baseUrl: `${s.root}/v1`,
  });
  assertEquals(r.info, {
    id: "vendor/model",
    provider: "openai",
    contextWindow: 65536,
    maxOutput: 4096,
    inputCost: 3,
    outputCost: 15,
  });
  const usage = { input: 1_000_000, output: 1_000_000, cache_read: 0, cache_write: 0 };
  assertEquals(costOf("vendor/model", usage), 18);
});

Deno.test("lookUpModel: Ollama's /api/show gives num_ctx, else the model's context_length", async () => {
  for (
    const [show, want] of [
      [
        { parameters: "stop <eot>\nnum_ctx 8192", model_info: { "llama.context_length": 131072 } },
        8192,
      ],
      [{ model_info: { "general.architecture": "qwen2", "qwen2.context_length": 32768 } }, 32768],
    ] as const
  ) {
    forgetLearnedModels();
    await using s = modelServer({
      "GET /v1/models": { object: "list", data: [{ id: "llama3.1:8b", object: "model" }] },
      "POST /api/show": show,
    });
    const r = await lookUpModel({
      provider: "openai",
      model: "llama3.1:8b",
      modelsFile: NO_FILE,
      baseUrl: `${s.root}/v1`,
    });
    assertEquals([r.source, r.info?.contextWindow], ["server", want]);
    const asked = s.seen.find((q) => q.path === "/api/show");
    assertEquals(JSON.parse(asked?.body ?? "{}"), { model: "llama3.1:8b" });
  }
});

Deno.test("lookUpModel: an Anthropic-compatible server's /v1/models/{id}", async () => {
  forgetLearnedModels();
  await using s = modelServer({
    "GET /v1/models/claude-local": {
      type: "model",
      id: "claude-local",
      max_input_tokens: 100000,
      max_tokens: 16000,
    },
  });
  const r = await lookUpModel({
    provider: "anthropic",
    model: "claude-local",
    modelsFile: NO_FILE,
    baseUrl: s.root,
    apiKey: "sk-ant",
  });
  assertEquals([r.info?.contextWindow, r.info?.maxOutput], [100000, 16000]);
  assertEquals(s.seen[0].headers["x-api-key"], "sk-ant");
});

Deno.test("lookUpModel: models.json wins, corrects the catalog and asks no server", async () => {
  forgetLearnedModels();
  await using dir = await tempDir();
  const file = join(dir.path, "models.json");
  await Deno.writeTextFile(
    file,
    JSON.stringify({
      models: {
        "my-model": { context_window: 16384, input_cost: 0.5, output_cost: 1 },
        "gpt-4o": { context_window: 64000 },
      },
    }),
  );
  await using s = modelServer({
    "GET /v1/models": { data: [{ id: "my-model", max_model_len: 1 }] },
  });
  const r = await lookUpModel({
    provider: "anthropic",
    model: "my-model",
    modelsFile: file,
    baseUrl: `${s.root}/v1`,
  });
  assertEquals([r.source, r.info?.contextWindow, r.info?.provider], [
    "models.json",
    16384,
    "anthropic",
  ]);
  assertEquals(findModel("gpt-4o")?.contextWindow, 64000);
  assertEquals(s.seen.length, 0);
  forgetLearnedModels();
});

Deno.test("lookUpModel: no base URL, or a server that says nothing, leaves the model unknown", async () => {
  forgetLearnedModels();
  const none = await lookUpModel({ provider: "openai", model: "mystery", modelsFile: NO_FILE });
  assertEquals([none.source, none.info], ["none", undefined]);
  await using s = modelServer({ "GET /v1/models": { data: [{ id: "mystery" }] } });
  const silent = await lookUpModel({
    provider: "openai",
    model: "mystery",
    modelsFile: NO_FILE,
    baseUrl: `${s.root}/v1`,
  });
  assertEquals([silent.source, silent.info, findModel("mystery")], ["none", undefined, undefined]);
  // A server that is gone is no error either: the lookup is bounded and quiet.
  const root = s.root;
  await s[Symbol.asyncDispose]();
  const gone = await lookUpModel({
    provider: "openai",
    model: "mystery",
    modelsFile: NO_FILE,
    baseUrl: `${root}/v1`,
  });
  assertEquals(gone.source, "none");
});
