/**
 * The SDK's one naming rule: data carries the wire's snake_case names
 * (host info, interceptor requests and decisions, tool results, command
 * responses), and the camelCase names of earlier SDK versions still work as
 * deprecated aliases that never show up when the object is serialised. The
 * examples run the new names end to end; tests/fixtures/sdk/full.ts keeps the
 * old names, so the shared SDK suite proves they still work over real pipes.
 */

import { assertEquals } from "../helpers/assert.ts";
import type { EventInterceptFrame } from "../../src/protocol/frames.ts";
import { hostInfo } from "../../src/sdk/host_info.ts";
import { answerIntercept } from "../../src/sdk/interceptors.ts";
import {
  commandResponseFrame,
  errorResult,
  fromHostResult,
  textResult,
  toolPrompt,
  toolResultFrame,
} from "../../src/sdk/results.ts";
import type { CommandResponse, ToolResult } from "../../src/sdk/types.ts";

const ctx = { signal: new AbortController().signal };

function intercept(event: string, fields: Record<string, unknown>): EventInterceptFrame {
  return { type: "event_intercept", id: "i1", event, ...fields };
}

Deno.test("sdk naming: host info has the hello_ack names, old names as hidden aliases", () => {
  const host = hostInfo({
    type: "hello_ack",
    protocol_version: 1,
    zot_version: "9.9.9",
    provider: "p",
    model: "m",
    cwd: "/p",
    extension_dir: "/e",
    data_dir: "/d",
  });
  assertEquals(Object.keys(host).sort(), [
    "capabilities",
    "cwd",
    "data_dir",
    "extension_dir",
    "model",
    "protocol_version",
    "provider",
    "zot_version",
  ]);
  assertEquals([host.data_dir, host.extension_dir, host.protocol_version], ["/d", "/e", 1]);
  assertEquals([host.dataDir, host.extensionDir, host.zotVersion, host.protocolVersion], [
    "/d",
    "/e",
    "9.9.9",
    1,
  ]);
  assertEquals(JSON.parse(JSON.stringify(host)).dataDir, undefined);
});

Deno.test("sdk naming: a tool_call interceptor gets wire names and may answer with either", async () => {
  const frame = intercept("tool_call", {
    tool_id: "t1",
    tool_name: "bash",
    tool_args: { command: "ls" },
    origin_extension: "other",
  });
  let seen: unknown[] = [];
  const modern = await answerIntercept(frame, {
    tool_call: (call) => {
      seen = [call.tool_id, call.tool_name, call.tool_args, call.origin_extension, call.toolName];
      return { modified_args: { command: "ls -a" } };
    },
  }, ctx);
  assertEquals(seen, ["t1", "bash", { command: "ls" }, "other", "bash"]);
  assertEquals(modern.modified_args, { command: "ls -a" });

  const legacy = await answerIntercept(frame, {
    tool_call: (call) => ({ modifiedArgs: { command: `${call.toolArgs.command} -l` } }),
  }, ctx);
  assertEquals(legacy.modified_args, { command: "ls -l" });

  const both = await answerIntercept(frame, {
    tool_call: () => ({ modified_args: { command: "new" }, modifiedArgs: { command: "old" } }),
  }, ctx);
  assertEquals(both.modified_args, { command: "new" }, "the wire name wins");
});

Deno.test("sdk naming: assistant_message and before_agent_start use wire names, old ones still work", async () => {
  const text = intercept("assistant_message", { text: "a SECRET" });
  for (const decision of [{ replace_text: "a [x]" }, { replaceText: "a [x]" }]) {
    const r = await answerIntercept(text, { assistant_message: () => decision }, ctx);
    assertEquals(r.replace_text, "a [x]");
  }
  const start = intercept("before_agent_start", {
    system_prompt: "base",
    session_id: "s",
    agent_run_id: "r",
  });
  const r = await answerIntercept(start, {
    before_agent_start: (req) =>
      [req.system_prompt, req.session_id, req.agent_run_id, req.systemPrompt, req.sessionId]
        .join(","),
  }, ctx);
  assertEquals(r.system_prompt, "base,s,r,base,s");
});

Deno.test("sdk naming: tool results use is_error and activate_tools; hand-written old names still reach the wire", () => {
  const ok = textResult("x", { activateTools: ["deep"] });
  assertEquals(JSON.parse(JSON.stringify(ok)), {
    content: [{ type: "text", text: "x" }],
    activate_tools: ["deep"],
  });
  assertEquals([ok.activate_tools, ok.activateTools, ok.isError], [["deep"], ["deep"], undefined]);
  const bad = errorResult("no");
  assertEquals([bad.is_error, bad.isError], [true, true]);
  assertEquals(toolResultFrame("1", bad).is_error, true);

  const legacy: ToolResult = { content: [], isError: true, activateTools: ["a"] };
  const frame = toolResultFrame("2", legacy);
  assertEquals([frame.is_error, frame.activate_tools], [true, ["a"]]);

  const fromHost = fromHostResult({
    type: "tool_result",
    id: "3",
    name: "read",
    content: [],
    is_error: true,
  });
  assertEquals([fromHost.is_error, fromHost.isError], [true, true]);
});

Deno.test("sdk naming: tool_prompt responses use tool_name and tool_args; old names still reach the wire", () => {
  const r = toolPrompt("skill", { name: "x" }, "go");
  assertEquals(JSON.parse(JSON.stringify(r)), {
    action: "tool_prompt",
    prompt: "go",
    tool_name: "skill",
    tool_args: { name: "x" },
  });
  const legacy = { action: "tool_prompt", prompt: "go", toolName: "skill", toolArgs: { a: 1 } };
  const frame = commandResponseFrame("c1", legacy as unknown as CommandResponse);
  assertEquals([frame.tool_name, frame.tool_args], ["skill", { a: 1 }]);
});
