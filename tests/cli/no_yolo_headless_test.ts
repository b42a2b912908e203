/**
 * `--no-yolo` asks before each tool call, which only the TUI can do: a
 * headless run (`-p`, `--json`, `--rpc`, or a prompt piped in with no
 * terminal) refuses it as a usage error (exit 2) before anything runs,
 * rather than running every tool unasked.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { runZot } from "../modes/run_zot.ts";

const CASES: { what: string; args: string[]; mode: string }[] = [
  { what: "-p", args: ["-p", "run it"], mode: "print" },
  { what: "--json", args: ["--json", "run it"], mode: "json" },
  { what: "--rpc", args: ["--rpc"], mode: "rpc" },
  // No terminal and no mode flag: a print run.
  { what: "a prompt without a terminal", args: ["run it"], mode: "print" },
];

for (const c of CASES) {
  Deno.test(`--no-yolo with ${c.what} is a usage error and runs nothing`, async () => {
    await using z = await tempZot();
    await using llm = await startFakeLlm({
      script: [{ toolCalls: [{ name: "bash", args: { command: "touch ran" } }] }, { text: "ok" }],
    });
    const r = await runZot([...c.args, "--base-url", llm.url, "--no-ext", "--no-yolo"], z);
    assertEquals(r.code, 2, r.stderr);
    assertStringIncludes(r.stderr, `--no-yolo needs the TUI to confirm each tool call`);
    assertStringIncludes(r.stderr, `${c.mode} mode cannot ask`);
    assertStringIncludes(r.stderr, "drop --no-yolo");
    // JSON and RPC modes say it on stdout too, as every run that cannot start does.
    if (c.mode === "json" || c.mode === "rpc") {
      const line = JSON.parse(r.stdout);
      assertEquals([line.type, line.code], ["error", "usage"]);
      assertStringIncludes(line.message, "--no-yolo needs the TUI");
    } else assertEquals(r.stdout, "");
    assertEquals(llm.requests.length, 0);
    assert(!(await Deno.stat(`${z.cwd}/ran`).then(() => true, () => false)));
  });
}

Deno.test("without --no-yolo a headless run still runs its tools", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "bash", args: { command: "touch ran" } }] }, { text: "ok" }],
  });
  const r = await runZot(["-p", "run it", "--base-url", llm.url, "--no-ext"], z);
  assertEquals([r.code, r.stdout], [0, "ok\n"], r.stderr);
  assert(await Deno.stat(`${z.cwd}/ran`).then(() => true, () => false));
});
