/**
 * The protocol half of a scope, enforced by the extension manager for
 * sandboxed extensions only: events, intercepts, the system prompt and
 * call_tool targets not declared are refused with a diagnostic.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { withTimeout } from "../helpers/wait.ts";
import { FakeChannel, hostWith, source } from "../extensions/host/fake_channel.ts";
import type { ExtToHostFrame, HostToolResultFrame } from "../../src/protocol/frames.ts";
import { scopeOf } from "../helpers/manifest.ts";

function sandboxedFake(
  name: string,
  scope: unknown,
  frames: ExtToHostFrame[],
  caps: string[] = [],
): FakeChannel {
  const src = source(name);
  src.manifest.scope = scopeOf(scope);
  src.manifest.exec = "./main.ts";
  const f = new FakeChannel(src, caps);
  Object.defineProperty(f, "sandboxed", { value: true });
  for (const frame of frames) f.push(frame);
  return f;
}

const SUBSCRIBE: ExtToHostFrame = {
  type: "subscribe",
  events: ["tool_result", "session_start"],
  intercept: ["tool_call", "turn_start", "before_agent_start"],
};

Deno.test("undeclared events and intercepts are refused with the remedy", async () => {
  const ext = sandboxedFake("guard", { events: ["session_start"], intercept: ["tool_call"] }, [
    SUBSCRIBE,
  ]);
  const host = await hostWith([ext]);
  try {
    const messages = host.diagnostics().map((d) => d.message);
    assertEquals(messages, [
      `extension "guard" subscribed to "tool_result" but its scope does not declare it (add it to scope.events)`,
      `extension "guard" intercepts "turn_start" but its scope does not declare it (add it to scope.intercept)`,
      `extension "guard" intercepts "before_agent_start" but its scope does not allow replacing the system prompt (set scope.system_prompt to true)`,
    ]);
    host.startSession({ sessionId: "s", cwd: "/work" });
    host.emit({
      event: "tool_result",
      tool_id: "t",
      tool_name: "read",
      status: "completed",
      executed: true,
      result: { content: [], is_error: false },
    });
    const events = ext.frames("event").map((e) => e.event);
    assertEquals(events, ["session_start"]);
  } finally {
    await host.stop();
  }
});

Deno.test("an unsandboxed extension keeps every subscription, as upstream", async () => {
  const src = source("plain");
  const ext = new FakeChannel(src);
  ext.push(SUBSCRIBE);
  const host = await hostWith([ext]);
  try {
    assertEquals(host.diagnostics(), []);
  } finally {
    await host.stop();
  }
});

Deno.test("call_tool reaches only declared tools", async () => {
  const ext = sandboxedFake("caller", { call_tool: ["read"] }, [], ["call_tool"]);
  const ran: string[] = [];
  const host = await hostWith([ext], {
    toolCaller: {
      callTool: (name: string) => {
        ran.push(name);
        return Promise.resolve({ content: [{ type: "text", text: `ran ${name}` }] });
      },
    },
  });
  try {
    const replies = new Map<string, PromiseWithResolvers<HostToolResultFrame>>();
    for (const id of ["a", "b"]) replies.set(id, Promise.withResolvers());
    ext.responder = (frame) => {
      if (frame.type === "tool_result") replies.get(frame.id)?.resolve(frame);
    };
    ext.push({ type: "call_tool", id: "a", name: "bash", args: {} });
    ext.push({ type: "call_tool", id: "b", name: "read", args: {} });
    const refused = await withTimeout(replies.get("a")!.promise, 2000, "the refusal");
    const allowed = await withTimeout(replies.get("b")!.promise, 2000, "the result");
    assert(refused.is_error);
    assertEquals(
      refused.content,
      [{
        type: "text",
        text:
          `extension "caller" called tool "bash" but its scope does not declare it (add it to scope.call_tool)`,
      }],
    );
    assertEquals(allowed.is_error, false);
    assertEquals(ran, ["read"]);
  } finally {
    await host.stop();
  }
});
