import { assertEquals } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { anthropicProvider } from "../../src/providers/anthropic.ts";
import type { StreamEvent } from "../../src/providers/types.ts";
import { tempZot } from "../helpers/tmp.ts";
import { runZot } from "../modes/run_zot.ts";

// A model missing from zot's table gets the output limit its provider reports for it
// (Anthropic: `max_tokens` of GET /v1/models/<id>), up to 64000; 8192 when it reports none.

async function maxTokensSent(
  model: string,
  transport: "sdk" | "fetch",
  limits: Record<string, number>,
) {
  await using llm = await startFakeLlm({
    script: [{ text: "ok" }, { text: "again" }],
    modelLimits: limits,
  });
  const provider = anthropicProvider({ apiKey: "k", baseUrl: llm.url, transport });
  const sent: unknown[] = [];
  for (let i = 0; i < 2; i++) {
    const events: StreamEvent[] = [];
    for await (
      const e of provider.stream({
        model,
        system: "",
        messages: [],
        tools: [],
        signal: new AbortController().signal,
      })
    ) {
      events.push(e);
    }
    assertEquals(events.at(-1)?.type, "done");
  }
  for (const r of llm.requests) {
    if (r.api === "anthropic") sent.push((r.body as { max_tokens: unknown }).max_tokens);
  }
  // Asked once per model, not per request.
  assertEquals(
    llm.lookups.filter((r) => r.api === "model").length,
    limits[model] === undefined && model.startsWith("claude-opus") ? 0 : 1,
  );
  return sent;
}

for (const transport of ["sdk", "fetch"] as const) {
  Deno.test(`max_tokens (${transport}): an unknown model gets its reported limit, capped at 64000, else 8192`, async () => {
    assertEquals(await maxTokensSent("claude-future-9", transport, { "claude-future-9": 64_000 }), [
      64_000,
      64_000,
    ]);
    assertEquals(await maxTokensSent("claude-huge-9", transport, { "claude-huge-9": 128_000 }), [
      64_000,
      64_000,
    ]);
    assertEquals(await maxTokensSent("claude-quiet-9", transport, {}), [8_192, 8_192]);
  });
}

Deno.test("max_tokens: zot -p with an Anthropic model the table does not know sends the reported limit", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ text: "Final." }],
    modelLimits: { "claude-next": 50_000 },
  });
  const r = await runZot(
    ["-p", "hi", "--base-url", llm.url, "--model", "claude-next", "--no-ext"],
    z,
  );
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  const message = llm.requests.find((q) => q.api === "anthropic")!;
  assertEquals((message.body as { max_tokens: number }).max_tokens, 50_000);
});
