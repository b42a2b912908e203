/**
 * TestConfirmationEventIncludesExtensionOrigin with a real extension: a
 * python tool asks the host to run `bash` through `call_tool`; the agent's
 * confirmer is asked (interactive policy applies to extension-originated
 * calls), and the confirmation and decision events name the extension.
 *
 * @module
 */

import { AgentToolCaller } from "../../src/agent/tool_caller.ts";
import type { Confirmer } from "../../src/agent/confirm.ts";
import type { ToolContext } from "../../src/model/types.ts";
import { assertEquals } from "../helpers/assert.ts";
import { echoTool } from "../agent/fakes.ts";
import { testAgent } from "../agent/helpers.ts";
import { py, startHost } from "./_harness.ts";

const ctx: ToolContext = {
  cwd: "/work",
  signal: new AbortController().signal,
  callId: "model-1",
  chain: [],
  interactive: true,
};

Deno.test("call_tool from a real extension: the confirmation event carries origin_extension (TestConfirmationEventIncludesExtensionOrigin)", async () => {
  const asked: string[] = [];
  const confirmer: Confirmer = {
    known: () => undefined,
    ask: (req) => {
      asked.push(req.preview);
      return Promise.resolve({ approved: true, source: "user" });
    },
  };
  const bash = echoTool("bash");
  const t = await testAgent([], { tools: [bash], confirmer, interactive: true });
  const config = {
    name: "caller",
    capabilities: ["call_tool"],
    tools: [{ name: "ask", mode: "call" }],
  };
  await using env = await startHost([py("caller", "conf.py", JSON.stringify(config))], {
    toolCaller: new AgentToolCaller(() => t.agent.toolEnv()),
  });
  await env.host.waitForReady();
  const ask = env.host.tools().find((tool) => tool.name === "ask")!;
  const result = await ask.execute({ call: "bash", args: { command: "ls" } }, ctx);
  assertEquals(result.content, [{ type: "text", text: 'called: bash: {"command":"ls"}' }]);
  assertEquals(asked, ["ls"]);
  assertEquals(bash.calls, [{ command: "ls" }]);
  const confirmation = t.hooks.events.filter((e) => e.event === "tool_confirmation_requested");
  assertEquals(
    confirmation.map((e) =>
      e.event === "tool_confirmation_requested" && [e.tool_name, e.tool_preview, e.origin_extension]
    ),
    [["bash", "ls", "caller"]],
  );
  const decisions = t.hooks.events.filter((e) => e.event === "permission_decision");
  assertEquals(
    decisions.map((e) => e.event === "permission_decision" && [e.decision, e.origin_extension]),
    [["approved", "caller"]],
  );
  assertEquals(t.agent.messages, []);
});
