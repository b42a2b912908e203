import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { within } from "../helpers/wait.ts";
import { runZot } from "./run_zot.ts";
import { PYTHON } from "../helpers/python.ts";

// A whole `-p` run: start-up goes on without a guard that is slow to say hello,
// and the run's first turn and call wait for it instead of running unchecked.

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
  // An on-time extension tells the test (through a FIFO) that the session opened: start-up went
  // on without the guard, whose hello comes only now.
  const opened = `${z.root}/opened.fifo`;
  await new Deno.Command("mkfifo", { args: [opened] }).output();
  const marker = `${z.root}/marker`;
  await Deno.mkdir(marker);
  await Deno.writeTextFile(
    `${marker}/run.sh`,
    `#!/bin/sh\necho '{"type":"hello","name":"marker"}'\nread -r ack\n` +
      `echo '{"type":"subscribe","events":["session_start"]}'\necho '{"type":"ready"}'\n` +
      `while read -r l; do case "$l" in *session_start*) echo open > "${opened}";; esac; done\n`,
  );
  await Deno.chmod(`${marker}/run.sh`, 0o755);
  await Deno.writeTextFile(`${marker}/extension.json`, `{"name":"marker","exec":"./run.sh"}`);
  const run = runZot(["-p", "go", "--base-url", llm.url, "--ext", dir, "--ext", marker], z);
  await within(20_000, Deno.readTextFile(opened), "the session opening without the guard");
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
