/**
 * Auto-compaction for a model beyond the catalog, end to end through
 * `zot --rpc` against a fake OpenAI-compatible server on 127.0.0.1: the
 * context window comes from the user's models.json or from the server's own
 * `/v1/models` entry, and the prompt after a nearly full request compacts
 * first. Where neither says, zot says once that auto-compaction is off.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { type FakeLlmOptions, startFakeLlm } from "../helpers/fake_llm.ts";
import { type Frame, rpcProcess } from "./rpc_client.ts";

/** Three prompts whose last request fills 900 of a 1000-token window, then a fourth. */
const SCRIPT: FakeLlmOptions["script"] = [
  { text: "a1", usage: { input: 10 } },
  { text: "a2", usage: { input: 10 } },
  { text: "a3", usage: { input: 900 } },
  { text: "the summary" },
  { text: "a4" },
];

async function fourPrompts(
  llmOptions: FakeLlmOptions,
  setup: (home: string) => Promise<void> = async () => {},
): Promise<{ frames: Frame[]; stderr: string; paths: string[] }> {
  await using z = await tempZot();
  await setup(z.home);
  await using llm = await startFakeLlm({ script: SCRIPT, ...llmOptions });
  const rpc = rpcProcess(
    ["--base-url", llm.openaiBaseUrl, "--api-key", "x", "--model", "local-m", "--no-ext"],
    z,
  );
  const frames: Frame[] = [];
  for (const message of ["q1", "q2", "q3", "q4"]) {
    await rpc.send({ type: "prompt", message });
    frames.push(...await rpc.until((f) => f.type === "done"));
  }
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
  return { frames, stderr, paths: llm.requests.map((r) => r.path) };
}

const compacted = (frames: Frame[]) => frames.some((f) => f.type === "compact_done");

Deno.test("an unknown model's window from models.json makes the fourth prompt compact", async () => {
  const run = await fourPrompts({}, (home) =>
    Deno.writeTextFile(
      join(home, "models.json"),
      JSON.stringify({ models: { "local-m": { context_window: 1000 } } }),
    ));
  assert(compacted(run.frames), JSON.stringify(run.frames.map((f) => f.type)));
  assertEquals(run.paths.length, 5);
  assert(!run.stderr.includes("auto-compaction is off"), run.stderr);
});

Deno.test("an unknown model's window from the server's /v1/models entry makes it compact", async () => {
  const run = await fourPrompts({
    models: ["local-m"],
    modelFields: { "local-m": { max_model_len: 1000 } },
  });
  assert(compacted(run.frames), JSON.stringify(run.frames.map((f) => f.type)));
});

Deno.test("with no window known anywhere, zot says once that auto-compaction is off", async () => {
  const run = await fourPrompts({
    script: SCRIPT.filter((t) => !("text" in t && t.text === "the summary")),
  });
  assert(!compacted(run.frames));
  const said = run.stderr.split("\n").filter((l) => l.includes("auto-compaction is off"));
  assertEquals(said.length, 1, run.stderr);
  assertStringIncludes(said[0], `The context window of model "local-m" is unknown`);
  assertStringIncludes(run.stderr, `models.json`);
});
