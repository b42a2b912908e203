/**
 * Auto-compaction in a real run: the mode decides whether a prompt compacts
 * before it loads the compaction code, so a run near the context window must
 * still compact first, and one far from it must not.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { rpcProcess } from "./rpc_client.ts";

/** Three prompts, the last reply reporting `lastInput` tokens of a 200k window, then a fourth. */
async function fourPrompts(lastInput: number) {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      { text: "a1" },
      { text: "a2" },
      { text: "a3", usage: { input: lastInput } },
      { text: "the summary" },
      { text: "a4" },
    ],
  });
  const rpc = rpcProcess(["--base-url", llm.url, "--no-ext"], z);
  const types: string[] = [];
  for (const message of ["q1", "q2", "q3", "q4"]) {
    await rpc.send({ type: "prompt", message });
    types.push(...(await rpc.until((f) => f.type === "done")).map((f) => String(f.type)));
  }
  assertEquals((await rpc.close()).code, 0);
  return { types, requests: llm.requests };
}

Deno.test("a prompt after a request near the window compacts first, in a real run", async () => {
  const { types, requests } = await fourPrompts(190_000);
  assert(types.includes("compact_done"), types.join(","));
  assertEquals(requests.length, 5);
  // The fourth prompt goes out on top of the summary, not the whole transcript.
  const last = JSON.stringify(requests[4].body);
  assert(last.includes("the summary"), last);
  assert(!last.includes('"q1"'), last);
});

Deno.test("a prompt far from the window does not compact", async () => {
  const { types, requests } = await fourPrompts(1_000);
  assert(!types.includes("compact_done"), types.join(","));
  // The fourth prompt's request is the fourth: no summary request came in between.
  assertEquals(requests.length, 4);
  assert(JSON.stringify(requests[3].body).includes("q1"));
});
