/**
 * A library that prints with console.* during a turn (the Anthropic SDK
 * warns about a deprecated model on every request) must not reach the
 * screen or the stderr of a headless run: it goes to
 * $ZOT_HOME/logs/console.log, and zot's own messages keep stderr.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { until } from "../helpers/wait.ts";
import { jsonLinesOf, runZot } from "./run_zot.ts";
import { rpcProcess } from "./rpc_client.ts";
import { startZotTui } from "./interactive/zot_tmux.ts";

/** The SDK's list of deprecated models names this one, so each request makes it console.warn. */
const WARNING_ARGS = ["--transport", "sdk", "--model", "claude-sonnet-4-5", "--no-ext"];
const WARNING = "'claude-sonnet-4-5' is deprecated";

function consoleLog(home: string): string {
  try {
    return Deno.readTextFileSync(`${home}/logs/console.log`);
  } catch {
    return "";
  }
}

Deno.test("print mode: a library's console warning goes to the log, not to stderr", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "fine answer" }] });
  // A config.json zot cannot read: zot's own warning, on stderr.
  await Deno.writeTextFile(`${z.home}/config.json`, "{");
  const r = await runZot(["-p", "hi", "--base-url", llm.url, ...WARNING_ARGS], z);
  assertEquals([r.code, r.stdout], [0, "fine answer\n"], r.stderr);
  assert(!r.stderr.includes("deprecated"), `stderr: ${r.stderr}`);
  // zot's own message still reaches stderr.
  assertStringIncludes(r.stderr, `Ignoring "${z.home}/config.json"`);
  assertStringIncludes(consoleLog(z.home), WARNING);
});

Deno.test("json mode: a library's console warning stays off stdout and stderr", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "json answer" }] });
  const r = await runZot(["--json", "hi", "--base-url", llm.url, ...WARNING_ARGS], z);
  assertEquals(r.code, 0, r.stderr);
  assert(jsonLinesOf(r.stdout).length > 0, "events on stdout");
  assert(!r.stdout.includes("deprecated") && !r.stderr.includes("deprecated"), r.stderr);
  assertStringIncludes(consoleLog(z.home), WARNING);
});

Deno.test("rpc mode: a library's console warning stays off stdout and stderr", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "rpc answer" }] });
  const rpc = rpcProcess(["--base-url", llm.url, ...WARNING_ARGS], z);
  await rpc.send({ type: "prompt", id: "p", message: "hi" });
  await rpc.until((f) => f.type === "done");
  const { code, stderr, rest } = await rpc.close();
  assertEquals(code, 0, stderr);
  // Every line parsed as JSON on the way (next() parses each one).
  assert(![...rpc.seen, ...rest].some((l) => l.includes("deprecated")), rpc.seen.join("\n"));
  assert(!stderr.includes("deprecated"), stderr);
  assertStringIncludes(consoleLog(z.home), WARNING);
});

Deno.test("tui: a library's console warning during a turn leaves the screen alone", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "tui answer" }] });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, ...WARNING_ARGS],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("hi");
  await tui.keys("Enter");
  await tui.waitFor("tui answer", "the answer");
  await until(() => consoleLog(z.home).includes(WARNING), 10_000, "the warning in the log");
  const screen = await tui.screen();
  assert(!screen.includes("deprecated"), screen);
  assert(!screen.includes("migrate to a newer model"), screen);
});
