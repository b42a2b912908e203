import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { within } from "../../helpers/wait.ts";
import type { Tool, ToolContext } from "../../../src/model/types.ts";
import type { ExtensionHost } from "../../../src/extensions/host/mod.ts";
import { fake, type FakeChannel, hostWith, RecordingUi } from "./fake_channel.ts";

function ctx(signal = new AbortController().signal): ToolContext {
  return { cwd: "/work", signal, callId: "c1", chain: [], interactive: true };
}

/**
 * Reply to every tool_call with `reply` (raw fields) as the extension would write it, through
 * the real boundary parser.
 */
function replyWith(f: FakeChannel, reply: Record<string, unknown>) {
  f.responder = (frame, self) => {
    if (frame.type !== "tool_call") return;
    queueMicrotask(() => self.pushLine({ type: "tool_result", id: frame.id, ...reply }));
  };
}

function tool(host: ExtensionHost, name: string): Tool {
  const t = host.tools().find((t) => t.name === name);
  if (!t) throw new Error(`no tool ${name}`);
  return t;
}

Deno.test("a tool call sends {} for empty args and converts the reply", async () => {
  const ext = fake("w", [{ type: "register_tool", name: "weather", schema: { type: "object" } }]);
  replyWith(ext, {
    content: [
      { type: "text", text: "" },
      { type: "text", text: "Berlin: 16°C" },
      { type: "image", mime_type: "image/png", data: "dGVzdA==" },
      { type: "audio", data: "x" },
      "not a block",
      { type: "text", text: 7 },
      { type: "image", mime_type: 1, data: "" },
    ],
    is_error: true,
    activate_tools: ["later"],
  });
  const host = await hostWith([ext]);
  const result = await tool(host, "weather").execute(undefined as never, ctx());
  assertEquals(ext.frames("tool_call")[0].args, {});
  assertEquals(result, {
    content: [
      { type: "text", text: "Berlin: 16°C" },
      { type: "image", mime_type: "image/png", data: "dGVzdA==" },
      { type: "text", text: '[unknown block type "audio" from extension w]' },
      { type: "text", text: '[unknown block type "" from extension w]' },
      {
        type: "text",
        text: 'extension w/weather returned undecodable image: unsupported image type "" ' +
          "(use image/jpeg, image/png, image/gif, image/webp)",
      },
    ],
    isError: true,
    activateTools: ["later"],
    details: { extension: "w", tool: "weather" },
  });
  await host.stop();
});

Deno.test("no content and undecodable images", async () => {
  const ext = fake("w", [{ type: "register_tool", name: "t" }]);
  replyWith(ext, { content: [] });
  const host = await hostWith([ext]);
  const empty = await tool(host, "t").execute({}, ctx());
  assertEquals(empty.content, [{ type: "text", text: "(extension returned no content)" }]);
  assertEquals(empty.isError, false);
  replyWith(ext, { content: [{ type: "image", mime_type: "image/png", data: "not base64!" }] });
  const bad = await tool(host, "t").execute({}, ctx());
  assertEquals(bad.isError, true);
  assertEquals(bad.content, [{
    type: "text",
    text: "extension w/t returned undecodable image: illegal base64 data at input byte 3",
  }]);
  await host.stop();
});

Deno.test("an image of a type providers do not take, or with no data, makes the result an error", async () => {
  const ext = fake("w", [{ type: "register_tool", name: "t" }]);
  const host = await hostWith([ext]);
  const cases: [Record<string, unknown>, string][] = [
    [{ mime_type: "text/html;x,", data: "dGVzdA==" }, 'unsupported image type "text/html;x,"'],
    [{ mime_type: "image/svg+xml", data: "dGVzdA==" }, 'unsupported image type "image/svg+xml"'],
    [{ mime_type: "image/png", data: "" }, "empty image data"],
    [{ mime_type: "image/png", data: 5 }, "empty image data"],
  ];
  for (const [image, why] of cases) {
    replyWith(ext, { content: [{ type: "image", ...image }] });
    const r = await tool(host, "t").execute({}, ctx());
    assertEquals(r.isError, true, why);
    assertEquals(r.content.length, 1, why);
    assertStringIncludes(r.content[0].type === "text" ? r.content[0].text : "", why);
  }
  await host.stop();
});

Deno.test("a result of many tiny blocks reaches the model as at most 128 blocks and a note", async () => {
  const ext = fake("w", [{ type: "register_tool", name: "t" }]);
  const host = await hostWith([ext]);
  for (const block of [0, { type: "text", text: "x" }, { type: "audio" }]) {
    replyWith(ext, { content: Array.from({ length: 100_000 }, () => block) });
    const r = await tool(host, "t").execute({}, ctx());
    assertEquals(r.content.length, 129);
    assertEquals(r.content.at(-1), {
      type: "text",
      text: "[99872 more blocks from extension w omitted: at most 128]",
    });
    assert(JSON.stringify(r.content).length < 20_000, JSON.stringify(r.content).slice(0, 200));
  }
  await host.stop();
});

Deno.test("timeout: timed_out outcome, tool_cancel only to capable extensions, late result ignored", async () => {
  const capable = fake("cap", [{ type: "register_tool", name: "slow" }], {
    capabilities: ["tool_cancel"],
  });
  const legacy = fake("leg", [{ type: "register_tool", name: "slow2" }], {
    capabilities: ["TOOL_CANCEL", "tool_cancel_future"],
  });
  const host = await hostWith([capable, legacy], { timeouts: { toolCallMs: 20 } });
  const r1 = await within(
    5_000,
    tool(host, "slow").execute({}, ctx()),
    "the tool call should time out after 20 ms",
  );
  assertEquals(r1.outcome, "timed_out");
  assertEquals(r1.isError, true);
  assertEquals(r1.content, [{
    type: "text",
    text: "extension cap/slow failed: timeout waiting for cap/slow: context deadline exceeded",
  }]);
  const id = capable.frames("tool_call")[0].id;
  assertEquals(capable.frames("tool_cancel"), [{ type: "tool_cancel", id }]);
  capable.push({ type: "tool_result", id, content: [{ type: "text", text: "late" }] });
  assertEquals(capable.counters.lateReplies, 1);

  const r2 = await within(
    5_000,
    tool(host, "slow2").execute({}, ctx()),
    "the tool call should time out after 20 ms",
  );
  assertEquals(r2.outcome, "timed_out");
  assertEquals(legacy.sent.map((f) => f.type), ["tool_call"]);
  await host.stop();
});

Deno.test("cancel: cancelled outcome and tool_cancel; completion sends no cancel", async () => {
  const ext = fake("x", [{ type: "register_tool", name: "ask", interactive: true }], {
    capabilities: ["tool_cancel"],
  });
  const host = await hostWith([ext], { ui: new RecordingUi(true) });
  const controller = new AbortController();
  ext.responder = (frame) => frame.type === "tool_call" && queueMicrotask(() => controller.abort());
  const r = await tool(host, "ask").execute({ q: 1 }, ctx(controller.signal));
  assertEquals([r.outcome, r.content], ["cancelled", [{
    type: "text",
    text: "extension x/ask failed: context canceled",
  }]]);
  assertEquals(ext.sent.map((f) => f.type), ["tool_call", "tool_cancel"]);
  assertEquals(ext.pendingCount, 0);

  const pre = new AbortController();
  pre.abort();
  const r2 = await tool(host, "ask").execute({}, ctx(pre.signal));
  assertEquals(r2.outcome, "cancelled");

  replyWith(ext, { content: [{ type: "text", text: "yes" }] });
  const ok = await tool(host, "ask").execute({}, ctx());
  assertEquals(ok.content, [{ type: "text", text: "yes" }]);
  assertEquals(ext.frames("tool_cancel").length, 1);
  await host.stop();
});

Deno.test("interactive tools fail at once in a non-interactive host", async () => {
  const ext = fake("x", [{ type: "register_tool", name: "ask", interactive: true }]);
  const host = await hostWith([ext]);
  const r = await tool(host, "ask").execute({}, ctx());
  assertEquals(r.content, [{
    type: "text",
    text: "interactive extension tools require an interactive host",
  }]);
  assertEquals([r.isError, r.outcome], [true, undefined]);
  assertEquals(ext.sent, []);
  await host.stop();
});

Deno.test("interactive tools have no reply deadline; others do", async () => {
  const ext = fake("x", [
    { type: "register_tool", name: "ask", interactive: true },
    { type: "register_tool", name: "plain" },
  ]);
  const host = await hostWith([ext], { ui: new RecordingUi(true), timeouts: { toolCallMs: 10 } });
  const pending = tool(host, "ask").execute({}, ctx());
  const plain = await within(
    5_000,
    tool(host, "plain").execute({}, ctx()),
    "the plain tool call should time out after 10 ms",
  );
  assertEquals(plain.outcome, "timed_out");
  // The interactive call is still waiting after the plain one timed out.
  assertEquals(ext.pendingCount, 1);
  ext.push({
    type: "tool_result",
    id: ext.frames("tool_call")[0].id,
    content: [{ type: "text", text: "done" }],
  });
  assertEquals((await pending).content, [{ type: "text", text: "done" }]);
  await host.stop();
});

Deno.test("a crash mid-call fails at once; the tool then has no owner; others keep working", async () => {
  const crashy = fake("crashy", [{ type: "register_tool", name: "boom" }, {
    type: "register_command",
    name: "c",
  }]);
  const steady = fake("steady", [{ type: "register_tool", name: "fine" }]);
  replyWith(steady, { content: [{ type: "text", text: "fine" }] });
  const host = await hostWith([crashy, steady]);
  const boom = tool(host, "boom");
  crashy.responder = (frame, self) =>
    frame.type === "tool_call" && queueMicrotask(() => self.close());
  const r = await boom.execute({}, ctx());
  assertEquals(r.content, [{
    type: "text",
    text: "extension crashy/boom failed: extension crashy disconnected",
  }]);
  assertEquals([r.isError, r.outcome], [true, undefined]);
  await crashy.closed;
  const again = await boom.execute({}, ctx());
  assertEquals(again.content, [{
    type: "text",
    text: 'extension crashy/boom failed: no extension registered for tool "boom"',
  }]);
  assertEquals(host.hasCommand("c"), false);
  assertEquals(host.tools().map((t) => t.name), ["fine"]);
  assertEquals((await tool(host, "fine").execute({}, ctx())).content, [{
    type: "text",
    text: "fine",
  }]);
  const diag = host.diagnostics().find((d) => d.extension === "crashy");
  assertEquals(diag?.message, "extension crashy disconnected: exited with status 1");
  assertEquals(host.status()[0].state, "closed");
  await host.stop();
});

Deno.test("32 concurrent calls get unique ids and resolve when replies come in reverse", async () => {
  const ext = fake("x", [{ type: "register_tool", name: "t" }]);
  const host = await hostWith([ext]);
  const t = tool(host, "t");
  const calls = Array.from({ length: 32 }, (_, i) => t.execute({ i }, ctx()));
  const ids = ext.frames("tool_call").map((f) => f.id);
  assertEquals(new Set(ids).size, 32);
  for (const id of [...ids].reverse()) {
    ext.push({ type: "tool_result", id, content: [{ type: "text", text: id }] });
  }
  const results = await Promise.all(calls);
  assertEquals(results.map((r) => r.content[0].type === "text" && r.content[0].text), ids);
  await host.stop();
});

Deno.test("shutdown ends a waiting interactive call with a failure and no pending entry", async () => {
  const ext = fake("x", [{ type: "register_tool", name: "ask", interactive: true }], {
    capabilities: ["tool_cancel"],
  });
  const host = await hostWith([ext], { ui: new RecordingUi(true) });
  const waiting = tool(host, "ask").execute({}, ctx());
  await host.stop();
  const r = await waiting;
  assertEquals([r.isError, r.outcome], [true, undefined]);
  assertEquals(r.content, [{
    type: "text",
    text: "extension x/ask failed: extension x disconnected",
  }]);
  assertEquals(ext.pendingCount, 0);
  // Not sent on disconnect or shutdown.
  assertEquals(ext.frames("tool_cancel"), []);
});

Deno.test("the doctor snapshot names state, registrations, subscriptions, counters and log", async () => {
  const ext = fake("x", [
    { type: "register_command", name: "go" },
    { type: "register_tool", name: "t" },
    { type: "subscribe", events: ["turn_start"], intercept: ["tool_call"] },
    { type: "ready" },
  ]);
  const host = await hostWith([ext]);
  assertEquals(host.status(), [{
    name: "x",
    dir: "/exts/x",
    kind: "global",
    passive: false,
    state: "ready",
    commands: [{ name: "go", state: "active" }],
    tools: [{ name: "t", state: "active" }],
    events: ["turn_start"],
    intercepts: ["tool_call"],
    counters: { malformed: 0, invalid: 0, unknownType: 0, lateReplies: 0 },
    logPath: "/logs/ext-x.log",
    sandboxed: false,
    warnings: [],
    notes: [],
  }]);
  await host.stop();
  assertEquals(host.status()[0].state, "closed");
  assertEquals(host.status()[0].closeReason, "stopped");
});
