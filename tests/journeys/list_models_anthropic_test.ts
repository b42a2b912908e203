/**
 * Journey: `--list-models` behind an Anthropic-compatible `--base-url` lists
 * that server's models (with the key as Anthropic expects it), not the
 * catalog; the limits its entries state are shown.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { journey } from "./zot.ts";

Deno.test("journey: --list-models with an Anthropic-compatible --base-url lists the server's models", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({
    models: ["claude-local"],
    modelFields: { "claude-local": { max_input_tokens: 100000, max_tokens: 8000 } },
  });
  const args = ["--provider", "anthropic", "--base-url", llm.anthropicBaseUrl, "--api-key", "k"];
  const r = await j.zot("--list-models", "--json", ...args);
  assertEquals(r.code, 0, r.stderr);
  assertEquals(JSON.parse(r.stdout).models, [
    { id: "claude-local", provider: "anthropic", context_window: 100000, max_output: 8000 },
  ]);
  const asked = llm.lookups[0];
  assertEquals([asked.path, asked.headers["x-api-key"]], ["/v1/models", "k"]);
  const text = await j.zot("--list-models", ...args);
  assert(text.stdout.includes("claude-local") && !text.stdout.includes("claude-opus"), text.stdout);
});
