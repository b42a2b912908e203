/**
 * "stdout is sacred" for the TypeScript SDK through the real host: console
 * output of a sandboxed SDK extension lands in its log (stderr), and stdout
 * carries frames only (no malformed frame is counted).
 *
 * @module
 */

import { join } from "node:path";
import { writeVendoredSdk } from "../../src/scaffold/vendor.ts";
import type { ToolContext } from "../../src/model/types.ts";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { FIXTURES, source, startHost } from "./_harness.ts";

/** Copy a fixture dir into a temp dir with a vendored SDK beside it. */
async function withSdk(fixture: string, dir: string): Promise<string> {
  const ext = join(dir, fixture);
  await Deno.mkdir(ext, { recursive: true });
  for (const f of ["main.ts", "extension.json"]) {
    await Deno.copyFile(join(FIXTURES, fixture, f), join(ext, f));
  }
  await writeVendoredSdk(ext, "0.1.0-test");
  return ext;
}

const ctx: ToolContext = {
  cwd: "/work",
  signal: new AbortController().signal,
  callId: "c1",
  chain: [],
  interactive: false,
};

Deno.test("sdk stdout: console output in handlers goes to the log, frames stay clean (deno sandbox)", async () => {
  await using tmp = await tempDir("zot-conf-sdk-");
  const dir = await withSdk("sdk-stdout", tmp.path);
  await using env = await startHost([
    source("sdk-stdout", "./main.ts", [], { language: "typescript", dir }),
  ]);
  const { host } = env;
  assertEquals(env.report.errors, []);
  await host.waitForReady();
  const outcome = await host.invokeCommand("speak", "up");
  assertEquals(outcome.ok && outcome.action === "display" ? outcome.display : outcome, "spoke up");
  const tool = host.tools().find((t) => t.name === "speak_tool");
  const result = await tool!.execute({}, ctx);
  assertEquals(result.content, [{ type: "text", text: "tool spoke" }]);
  assertEquals(host.status()[0].counters, {
    malformed: 0,
    invalid: 0,
    unknownType: 0,
    lateReplies: 0,
  });
  // The console output travels on stderr, a pipe of its own that may trail the replies on
  // stdout: a stop ends once stderr is drained into the log.
  await host.stop(1_000);
  const log = env.logText("sdk-stdout");
  for (
    const line of [
      "console.log in onHello",
      "console.log in a handler",
      "console.info in a handler",
      "console.debug in a handler",
      "console.error in a handler",
      "console.log in a tool",
    ]
  ) assertStringIncludes(log, line);
});

// Importing the SDK routes console to stderr at once, so a console.log at
// module top level (before run()) never reaches stdout before hello.
Deno.test("sdk: console.log at module top level, before run(), stays off stdout", async () => {
  await using tmp = await tempDir("zot-conf-sdk-");
  const dir = await withSdk("sdk-stdout-early", tmp.path);
  await using env = await startHost([
    source("sdk-stdout-early", "./main.ts", [], { language: "typescript", dir }),
  ]);
  assertEquals(env.report.errors, []);
  await env.host.waitForReady();
  const outcome = await env.host.invokeCommand("ping", "");
  assertEquals(outcome.ok && outcome.action === "display" ? outcome.display : outcome, "pong");
  // Drained into the log (stderr may trail stdout) once the extension is stopped.
  await env.host.stop(1_000);
  const log = env.logText("sdk-stdout-early");
  assertStringIncludes(log, "console.log at top level");
  assertStringIncludes(log, "console.log after the constructor");
});
