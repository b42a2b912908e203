import { assertEquals, assertRejects } from "../../helpers/assert.ts";
import { within } from "../../helpers/wait.ts";
import type { EventInterceptFrame } from "../../../src/protocol/frames.ts";
import type { BeforeAgentStart } from "../../../src/agent/hooks.ts";
import { fake, type FakeChannel, hostWith, RecordingUi } from "./fake_channel.ts";

const INPUT: BeforeAgentStart = {
  systemPrompt: "base",
  sessionId: "s1",
  agentRunId: "run-1",
  cwd: "/work",
  provider: "anthropic",
  model: "m1",
};

/** An extension that replies with `reply` (raw fields) to before_agent_start. */
function starter(
  name: string,
  reply: (f: EventInterceptFrame) => Record<string, unknown> | undefined,
): FakeChannel {
  const f = fake(name, [{ type: "subscribe", intercept: ["before_agent_start"] }]);
  f.responder = (frame, self) => {
    if (frame.type !== "event_intercept") return;
    const fields = reply(frame);
    if (!fields) return;
    // Through the real boundary parser, which types system_prompt and measures it.
    queueMicrotask(() =>
      self.pushLine({ type: "event_intercept_response", id: frame.id, ...fields })
    );
  };
  return f;
}

Deno.test("before_agent_start request carries the pass identity; replacements apply exactly", async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ system_prompt: "base" }, "base"],
    [{ system_prompt: "base\nmore" }, "base\nmore"],
    [{ system_prompt: "  völlig neu\n\n" }, "  völlig neu\n\n"],
    [{ system_prompt: "" }, ""],
    [{}, "base"],
    [{ block: true, system_prompt: "kept anyway" }, "kept anyway"],
  ];
  for (const [reply, expected] of cases) {
    const ui = new RecordingUi();
    const ext = starter("x", () => reply);
    const host = await hostWith([ext], { ui });
    assertEquals(await host.beforeAgentStart(INPUT, new AbortController().signal), expected);
    assertEquals(host.diagnostics(), []);
    assertEquals(ui.calls, []);
    const [req] = ext.frames("event_intercept");
    const { id: _id, ...rest } = req;
    assertEquals(rest, {
      type: "event_intercept",
      event: "before_agent_start",
      system_prompt: "base",
      session_id: "s1",
      agent_run_id: "run-1",
      cwd: "/work",
      provider: "anthropic",
      model: "m1",
    });
    await host.stop();
  }
});

Deno.test("invalid replies keep the prompt with one diagnostic, one log line and one warning", async () => {
  const huge = "x".repeat(1024 * 1024);
  const cases: [Record<string, unknown>, string][] = [
    [{ system_prompt: null }, "system_prompt must be a string"],
    [{ system_prompt: 42 }, "system_prompt must be a string"],
    [{ system_prompt: {} }, "system_prompt must be a string"],
    [{ system_prompt: huge }, "system_prompt exceeds 1 MiB encoded limit"],
    [{ block: true }, "extension returned a blocking response; startup hooks cannot block"],
  ];
  for (const [reply, failure] of cases) {
    const ui = new RecordingUi();
    const ext = starter("x", () => reply);
    const host = await hostWith([ext], { ui });
    assertEquals(await host.beforeAgentStart(INPUT, new AbortController().signal), "base");
    const text = `before_agent_start: ${failure}; keeping current system prompt`;
    assertEquals(host.diagnostics().map((d) => d.message), [text]);
    assertEquals(ext.logs, [text]);
    assertEquals(ui.calls, [["warn", "x", text]]);
    await host.stop();
  }
});

Deno.test("the chain runs in load order, each extension sees the previous result", async () => {
  for (let run = 0; run < 20; run++) {
    const z = starter("z-first", (f) => ({ system_prompt: `${f.system_prompt}/z-first` }));
    const a = starter("a-second", (f) => ({ system_prompt: `${f.system_prompt}/a-second` }));
    const host = await hostWith([z, a]);
    assertEquals(
      await host.beforeAgentStart(INPUT, new AbortController().signal),
      "base/z-first/a-second",
    );
    await host.stop();
  }
});

Deno.test("a silent extension times out and the chain continues", async () => {
  const ui = new RecordingUi();
  const silent = starter("silent", () => undefined);
  const good = starter("good", () => ({ system_prompt: "good" }));
  const host = await hostWith([silent, good], { ui, timeouts: { interceptMs: 30 } });
  const prompt = await within(
    5_000,
    host.beforeAgentStart(INPUT, new AbortController().signal),
    "the silent extension should time out after 30 ms",
  );
  assertEquals(prompt, "good");
  assertEquals(silent.pendingCount, 0);
  assertEquals(ui.calls, [[
    "warn",
    "silent",
    "before_agent_start: response timed out; keeping current system prompt",
  ]]);
  await host.stop();
});

Deno.test("cancellation stops the pass without committing", async () => {
  const controller = new AbortController();
  const ext = starter("x", () => {
    queueMicrotask(() => controller.abort(new Error("user cancelled")));
    return undefined;
  });
  const host = await hostWith([ext]);
  await assertRejects(() => host.beforeAgentStart(INPUT, controller.signal), "user cancelled");
  assertEquals(host.diagnostics(), []);
  await host.stop();
});
