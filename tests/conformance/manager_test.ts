/**
 * §8.1 manager cases with a real sh + jq extension, as the reference host's
 * own tests do: TestManagerSpawnAndInvoke (PR-AT case-insensitive variant),
 * TestManagerToolRegistrationAndInvoke, and
 * TestDiagnosticsReportMalformedFramesAndConflicts, with the exact texts of
 * the reference host.
 *
 * @module
 */

import type { ToolContext } from "../../src/model/types.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { source, startHost } from "./_harness.ts";

const ctx: ToolContext = {
  cwd: "/work",
  signal: new AbortController().signal,
  callId: "c1",
  chain: [],
  interactive: false,
};

function sh(name: string, command: string, tool: string, garbage = false) {
  return source(name, "./mock.sh", garbage ? [command, tool, "garbage"] : [command, tool], {
    language: "sh",
  });
}

Deno.test("manager: sh extension without ready; case-insensitive command; tool echo (TestManagerSpawnAndInvoke)", async () => {
  await using env = await startHost([sh("mock", "Ping", "echo")]);
  const { host } = env;
  assertEquals(env.report, { loaded: ["mock"], errors: [] });
  await host.waitForReady();
  assertEquals(host.status()[0].state, "auto-ready");
  assertEquals(host.commands(), [{ name: "Ping", description: "answer pong", extension: "mock" }]);
  assert(host.hasCommand("PING"));
  assertEquals(host.commandOwner("pInG"), "mock");
  // command_invoked carries the canonical registered spelling.
  const outcome = await host.invokeCommand("PING", "");
  assertEquals(outcome.ok && outcome.action === "display" ? outcome.display : outcome, "pong Ping");

  const tools = host.tools();
  assertEquals(tools.map((t) => t.name), ["echo"]);
  const result = await tools[0].execute({ text: "hi" }, ctx);
  assertEquals(result.isError ?? false, false);
  assertEquals(result.content, [{ type: "text", text: "echoed hi" }]);
  assertEquals(
    host.diagnostics().map((d) => d.message),
    ["no ready frame; auto-ready after idle"],
  );
  assertStringIncludes(
    env.logText("mock"),
    "[zot] no ready frame; auto-readying after idle (legacy SDK?)\n",
  );
});

Deno.test("manager: malformed frames are counted and logged; conflicts keep the first (TestDiagnosticsReportMalformedFramesAndConflicts)", async () => {
  await using env = await startHost([
    sh("first", "CaseTest", "shared"),
    sh("second", "casetest", "shared", true),
  ]);
  const { host } = env;
  assertEquals(env.report, { loaded: ["first", "second"], errors: [] });
  await host.waitForReady();
  // First come, first served across extensions (as the reference host does): which
  // one wins depends on arrival, so only "exactly one active" is asserted.
  const commands = host.commands();
  assertEquals(commands.length, 1);
  const winner = commands[0].extension;
  const loser = winner === "first" ? "second" : "first";
  assertEquals(commands[0].name, winner === "first" ? "CaseTest" : "casetest");
  assertEquals(host.tools().map((t) => t.name), ["shared"]);
  const result = await host.tools()[0].execute({ text: "x" }, ctx);
  assertEquals(result.content, [{ type: "text", text: "echoed x" }]);

  const shadowed = host.status().find((s) => s.name === loser);
  assertEquals(shadowed?.commands.map((c) => c.state), ["shadowed"]);
  assertEquals(shadowed?.tools, [{ name: "shared", state: "shadowed" }]);
  const messages = host.diagnostics().filter((d) => d.extension === loser).map((d) => d.message);
  const command = shadowed?.commands[0].name;
  assert(
    messages.includes(
      `command /${command} conflicts with another extension registering the same name`,
    ),
    JSON.stringify(messages),
  );
  assert(
    messages.includes("tool shared conflicts with another extension registering the same name"),
    JSON.stringify(messages),
  );
  assertEquals(host.status().find((s) => s.name === "second")?.counters?.malformed, 1);
  assertStringIncludes(env.logText("second"), "[zot] malformed json frame: ");
});
