import { formatModels, listModels } from "../../src/providers/list_models.ts";
import { modelsOf } from "../../src/providers/models.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { modelServer } from "./_model_server.ts";

Deno.test("listModels: the table for a provider without a base URL", async () => {
  const list = await listModels({ provider: "anthropic" });
  assertEquals(list.source, "table");
  assertEquals(list.models, modelsOf("anthropic"));
  assert(list.models.every((m) => m.provider === "anthropic" && m.contextWindow > 0));
});

Deno.test("listModels: an OpenAI-compatible server's own list, known ids enriched", async () => {
  await using llm = await startFakeLlm({ models: ["llama3.2", "gpt-4o"] });
  const list = await listModels({ provider: "openai", baseUrl: llm.openaiBaseUrl, apiKey: "k" });
  assertEquals(list.source, "server");
  assertEquals(list.models.map((m) => m.id), ["llama3.2", "gpt-4o"]);
  assertEquals(list.models[0].contextWindow, 0);
  assert(list.models[1].contextWindow > 0);
  const req = llm.lookups[0];
  assertEquals([req.method, req.path, req.headers.authorization], [
    "GET",
    "/v1/models",
    "Bearer k",
  ]);
});

Deno.test("listModels: falls back to the table when the server cannot be reached", async () => {
  const llm = await startFakeLlm();
  const baseUrl = llm.openaiBaseUrl;
  await llm.close();
  const list = await listModels({ provider: "openai", baseUrl });
  assertEquals(list.source, "table");
  assertEquals(list.models, modelsOf("openai"));
  assertStringIncludes(list.diagnostics[0], "Cannot list models at");
});

Deno.test("formatModels: aligned columns with limits and prices", () => {
  const text = formatModels([
    {
      id: "a",
      provider: "openai",
      contextWindow: 128_000,
      maxOutput: 16_384,
      inputCost: 2.5,
      outputCost: 10,
    },
    {
      id: "local-model",
      provider: "openai",
      contextWindow: 0,
      maxOutput: 0,
      inputCost: 0,
      outputCost: 0,
    },
  ]);
  assertEquals(text.split("\n"), [
    "a             128k ctx    16k out  $2.5/$10 per Mtok",
    "local-model      ? ctx      ? out",
  ]);
});

Deno.test("listModels: an Anthropic-compatible server's own list, with what its entries state", async () => {
  await using s = modelServer({
    "GET /v1/models": {
      data: [
        { type: "model", id: "local-claude", max_input_tokens: 100000, max_tokens: 8000 },
        { type: "model", id: "claude-haiku-4-5" },
      ],
      has_more: false,
    },
  });
  const list = await listModels({ provider: "anthropic", baseUrl: s.root, apiKey: "sk-ant" });
  assertEquals(list.source, "server");
  assertEquals(list.models.map((m) => [m.id, m.contextWindow, m.maxOutput]), [
    ["local-claude", 100000, 8000],
    ["claude-haiku-4-5", 200_000, 64_000],
  ]);
  assertEquals(list.models[1].inputCost, 1);
  assertEquals([s.seen[0].path, s.seen[0].headers["x-api-key"]], [
    "/v1/models?limit=1000",
    "sk-ant",
  ]);
});

Deno.test("listModels: an OpenAI-compatible entry's own limits win over nothing", async () => {
  await using s = modelServer({
    "GET /v1/models": { data: [{ id: "served", max_model_len: 4096 }] },
  });
  const list = await listModels({ provider: "openai", baseUrl: `${s.root}/v1` });
  assertEquals(list.models.map((m) => [m.id, m.contextWindow]), [["served", 4096]]);
});
