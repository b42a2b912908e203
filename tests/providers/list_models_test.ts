import { formatModels, listModels } from "../../src/providers/list_models.ts";
import { modelsOf } from "../../src/providers/models.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";

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
  const req = await llm.nextRequest();
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
