/**
 * Model aliases: `--model opus|sonnet|haiku` is the catalog's newest model of that family,
 * in the request the model gets and in the choice remembered for the next run; an explicit
 * other provider keeps the name as typed.
 *
 * @module
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { MODELS, resolveModelAlias } from "../../src/providers/models.ts";
import { journey } from "./zot.ts";

function modelOf(body: unknown): unknown {
  return typeof body === "object" && body !== null ? Reflect.get(body, "model") : undefined;
}

Deno.test("model aliases resolve to the newest catalog entry of their family, any case", () => {
  for (const [alias, family] of [["opus", "opus"], ["Sonnet", "sonnet"], ["HAIKU", "haiku"]]) {
    const id = resolveModelAlias(alias);
    assertEquals(id, MODELS.find((m) => m.id.startsWith(`claude-${family}-`))?.id);
    assert(id !== undefined);
  }
  assertEquals(resolveModelAlias("claude-opus-4-6"), undefined);
  assertEquals(resolveModelAlias("gpt"), undefined);
});

Deno.test("journey: --model sonnet asks for the catalog's Sonnet and remembers the real id", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: () => ({ text: "ok" }) });
  const r = await j.zot("-p", "--model", "sonnet", "--base-url", llm.url, "--api-key", "x", "hi");
  assertEquals(r.code, 0, r.stderr);
  const sonnet = resolveModelAlias("sonnet");
  assertEquals(modelOf(llm.requests.at(-1)!.body), sonnet);
  const config = JSON.parse(await Deno.readTextFile(`${j.home}/config.json`));
  assertEquals(config.model, sonnet);
});

Deno.test("journey: --provider openai --model haiku keeps the name for the server", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: () => ({ text: "ok" }) });
  const r = await j.zot(
    "-p",
    "--provider",
    "openai",
    "--model",
    "haiku",
    "--base-url",
    llm.openaiBaseUrl,
    "--api-key",
    "x",
    "hi",
  );
  assertEquals(r.code, 0, r.stderr);
  assertEquals(modelOf(llm.requests.at(-1)!.body), "haiku");
});
