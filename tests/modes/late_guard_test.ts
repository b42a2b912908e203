import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { within } from "../helpers/wait.ts";
import { runZot } from "./run_zot.ts";
import { PYTHON } from "../helpers/python.ts";

// A whole `-p` run: start-up goes on without a guard that is slow to say hello,
// the model's first call arrives before the guard has joined, and the call
// waits for it instead of running unchecked.

Deno.test("print mode: the first tool call waits for a guard still starting, which refuses it", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "bash", args: { command: "touch pwned" } }] },
      { text: "Final." },
    ],
  });
  const fixtures = new URL("../fixtures/host/", import.meta.url).pathname;
  const fifo = `${z.root}/go.fifo`;
  await new Deno.Command("mkfifo", { args: [fifo] }).output();
  const dir = `${z.root}/late-guard`;
  await Deno.mkdir(dir);
  const config = {
    name: "late-guard",
    intercept: ["tool_call"],
    guard: { block_contains: "pwned", reason: "refused by the late guard" },
  };
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({
      name: "late-guard",
      exec: PYTHON,
      args: [`${fixtures}late_hello.py`, fifo, JSON.stringify(config)],
    }),
  );
  const run = runZot(["-p", "go", "--base-url", llm.url, "--ext", dir], z);
  // The model asked for the call while the guard had not said hello; now it does.
  await within(20_000, llm.request(0), "the first model request");
  await Deno.writeTextFile(fifo, "go\n");
  const r = await within(30_000, run, "the run");
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  assert(!(await exists(`${z.cwd}/pwned`)), "the call ran before the guard could refuse it");
  assertStringIncludes(JSON.stringify((await llm.request(1)).body), "refused by the late guard");
});

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}
