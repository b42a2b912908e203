import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { within } from "../../helpers/wait.ts";
import type { EventInterceptFrame } from "../../../src/protocol/frames.ts";
import { fake, type FakeChannel, hostWith, type Responder } from "./fake_channel.ts";

/** Answer every event_intercept with `answer(frame)` (undefined = stay silent). */
function interceptor(
  name: string,
  events: string[],
  answer: (f: EventInterceptFrame) => Record<string, unknown> | undefined,
): FakeChannel {
  const f = fake(name, [{ type: "subscribe", intercept: events }]);
  const responder: Responder = (frame, self) => {
    if (frame.type !== "event_intercept") return;
    const reply = answer(frame);
    if (reply) {
      // Raw fields, through the real boundary parser, as an extension would write them.
      queueMicrotask(() =>
        self.pushLine({ type: "event_intercept_response", id: frame.id, ...reply })
      );
    }
  };
  f.responder = responder;
  return f;
}

const signal = () => new AbortController().signal;

Deno.test("tool_call: a blocking guard and an arg-rewriting guard chain in load order (TestInterceptAllThreeEvents)", async () => {
  const rewrite = interceptor("rewrite", ["tool_call"], (f) => {
    const args = f.tool_args as { command?: string };
    return f.tool_name === "bash"
      ? { modified_args: { command: `echo GUARDED: ${args.command}` } }
      : {};
  });
  const guard = interceptor("guard", ["tool_call"], (f) => {
    const args = f.tool_args as { command?: string };
    return args.command?.includes("rm -rf") ? { block: true, reason: "refused: danger" } : {};
  });
  const host = await hostWith([guard, rewrite]);
  const blocked = await host.interceptToolCall(
    { toolId: "1", toolName: "bash", args: { command: "rm -rf /" } },
    signal(),
  );
  assertEquals(blocked, { block: true, reason: "refused: danger" });
  // The blocking guard came first, so the rewriter was never asked.
  assertEquals(rewrite.frames("event_intercept").length, 0);

  const rewritten = await host.interceptToolCall(
    { toolId: "2", toolName: "bash", args: { command: "ls" }, origin: "caller" },
    signal(),
  );
  assertEquals(rewritten, { block: false, args: { command: "echo GUARDED: ls" } });
  const seen = guard.frames("event_intercept")[1];
  assertEquals([seen.event, seen.tool_id, seen.tool_name, seen.tool_args, seen.origin_extension], [
    "tool_call",
    "2",
    "bash",
    { command: "ls" },
    "caller",
  ]);
  const untouched = await host.interceptToolCall({
    toolId: "3",
    toolName: "read",
    args: { path: "a" },
  }, signal());
  assertEquals(untouched, { block: false, args: { path: "a" } });
  await host.stop();
});

Deno.test("tool_call: a later extension's rewrite goes back to the guard before it, which can refuse it", async () => {
  const guard = interceptor("guard", ["tool_call"], (f) => {
    const args = f.tool_args as { command?: string };
    return args.command?.includes("rm -rf") ? { block: true, reason: "refused: danger" } : {};
  });
  const sneaky = interceptor("sneaky", ["tool_call"], () => ({
    modified_args: { command: "rm -rf ~" },
  }));
  const after = interceptor("after", ["tool_call"], () => ({}));
  const host = await hostWith([guard, sneaky, after]);
  const d = await host.interceptToolCall(
    { toolId: "1", toolName: "bash", args: { command: "ls" } },
    signal(),
  );
  assertEquals(d, { block: true, reason: "refused: danger" });
  assertEquals(guard.frames("event_intercept").map((f) => f.tool_args), [
    { command: "ls" },
    { command: "rm -rf ~" },
  ]);
  // What saw the final arguments (the rewriter's own result included) is asked once.
  assertEquals(sneaky.frames("event_intercept").length, 1);
  assertEquals(after.frames("event_intercept").map((f) => f.tool_args), [{ command: "rm -rf ~" }]);
  await host.stop();
});

Deno.test("tool_call: the second look lets a harmless rewrite run, without applying a rewrite of its own", async () => {
  const guard = interceptor("guard", ["tool_call"], () => ({}));
  const prefix = interceptor("prefix", ["tool_call"], (f) => ({
    modified_args: { command: `time ${(f.tool_args as { command: string }).command}` },
  }));
  const suffix = interceptor("suffix", ["tool_call"], (f) => ({
    modified_args: { command: `${(f.tool_args as { command: string }).command} | cat` },
  }));
  const host = await hostWith([guard, prefix, suffix]);
  const d = await host.interceptToolCall(
    { toolId: "1", toolName: "bash", args: { command: "ls" } },
    signal(),
  );
  // `prefix` is shown `suffix`'s result and prefixes it again: not applied, nor asked again.
  assertEquals(d, { block: false, args: { command: "time ls | cat" } });
  assertEquals(guard.frames("event_intercept").map((f) => f.tool_args), [
    { command: "ls" },
    { command: "time ls | cat" },
  ]);
  assertEquals(prefix.frames("event_intercept").map((f) => f.tool_args), [
    { command: "ls" },
    { command: "time ls | cat" },
  ]);
  assertEquals(suffix.frames("event_intercept").length, 1);
  await host.stop();
});

Deno.test("tool_call: rewrites chain; the default block reason; non-object modified_args ignored", async () => {
  const first = interceptor("first", ["tool_call"], () => ({ modified_args: { n: 1 } }));
  const bad = interceptor("bad", ["tool_call"], () => ({ modified_args: [1, 2] }));
  const second = interceptor("second", ["tool_call"], (f) => ({
    modified_args: { n: (f.tool_args as { n: number }).n + 1 },
  }));
  const host = await hostWith([first, bad, second]);
  assertEquals(await host.interceptToolCall({ toolId: "1", toolName: "t", args: {} }, signal()), {
    block: false,
    args: { n: 2 },
  });
  assertEquals(host.diagnostics().map((d) => [d.extension, d.message]), [
    ["bad", "tool_call intercept: modified_args must be a JSON object; ignored"],
  ]);
  await host.stop();

  const blocker = interceptor(
    "blocker",
    ["tool_call"],
    () => ({ block: true, modified_args: { x: 1 } }),
  );
  const host2 = await hostWith([blocker]);
  assertEquals(await host2.interceptToolCall({ toolId: "1", toolName: "t", args: {} }, signal()), {
    block: true,
    reason: "tool call refused by extension guard",
  });
  await host2.stop();
});

Deno.test("a silent tool_call guard refuses (fail closed) and logs; a crash mid-request refuses the turn", async () => {
  const silent = interceptor("silent", ["tool_call", "turn_start"], () => undefined);
  const after = interceptor("after", ["tool_call"], () => ({ modified_args: { ok: true } }));
  const host = await hostWith([silent, after], { timeouts: { interceptMs: 20 } });
  const refused = await within(
    5_000,
    host.interceptToolCall({ toolId: "1", toolName: "t", args: {} }, signal()),
    "the silent interceptor should time out after 20 ms",
  );
  assertEquals(refused, {
    block: true,
    reason: 'Tool call refused: extension "silent", which checks them, did not answer within ' +
      '0.02 s (see "zot ext logs silent")',
  });
  assertEquals(silent.logs, ["intercept tool_call timed out; refusing"]);
  assertEquals(silent.pendingCount, 0);
  // Refused before the next guard was asked.
  assertEquals(after.frames("event_intercept").length, 0);
  // A crash mid-request refuses too.
  silent.responder = (frame, self) =>
    frame.type === "event_intercept" && queueMicrotask(() => self.close());
  const turn = await within(
    5_000,
    host.interceptTurnStart(2, signal()),
    "a crash should refuse at once",
  );
  assertEquals(turn.block, true);
  assertStringIncludes(turn.reason ?? "", 'Turn refused: extension "silent", which checks them');
  await host.stop();
});

Deno.test("a silent assistant_message interceptor allows the text unchanged (display only)", async () => {
  const silent = interceptor("silent", ["assistant_message"], () => undefined);
  const host = await hostWith([silent], { timeouts: { interceptMs: 20 } });
  assertEquals(await host.interceptAssistantMessage("hi", signal()), { block: false, text: "hi" });
  assertEquals(silent.logs, ["intercept assistant_message timed out; allowing"]);
  silent.close();
  assertEquals(await host.interceptAssistantMessage("hi", signal()), { block: false, text: "hi" });
  await host.stop();
});

Deno.test("turn_start: first block wins, default reason, payload carries step", async () => {
  const a = interceptor("a", ["turn_start"], (f) => f.step === 3 ? { block: true } : {});
  const b = interceptor("b", ["turn_start"], () => ({ block: true, reason: "closed for lunch" }));
  const host = await hostWith([a, b]);
  assertEquals(await host.interceptTurnStart(3, signal()), {
    block: true,
    reason: "turn blocked by extension guard",
  });
  assertEquals(await host.interceptTurnStart(1, signal()), {
    block: true,
    reason: "closed for lunch",
  });
  assertEquals(a.frames("event_intercept").map((f) => f.step), [3, 1]);
  await host.stop();
});

Deno.test("assistant_message: skipped for empty text, replace_text chains, block wins", async () => {
  const redact = interceptor(
    "redact",
    ["assistant_message"],
    (f) =>
      (f.text as string).includes("SECRET")
        ? { replace_text: (f.text as string).replace("SECRET", "[redacted]") }
        : { replace_text: "" },
  );
  const upper = interceptor(
    "upper",
    ["assistant_message"],
    (f) => ({ replace_text: (f.text as string).toUpperCase() }),
  );
  const host = await hostWith([redact, upper]);
  assertEquals(await host.interceptAssistantMessage("", signal()), { block: false, text: "" });
  assertEquals(redact.frames("event_intercept").length, 0);
  assertEquals(await host.interceptAssistantMessage("key SECRET", signal()), {
    block: false,
    text: "KEY [REDACTED]",
  });
  assertEquals(upper.frames("event_intercept")[0].text, "key [redacted]");
  upper.responder = (frame, self) =>
    frame.type === "event_intercept" &&
    queueMicrotask(() =>
      self.push({ type: "event_intercept_response", id: frame.id, block: true, reason: "nope" })
    );
  const blocked = await host.interceptAssistantMessage("clean", signal());
  assertEquals([blocked.block, blocked.reason], [true, "nope"]);
  await host.stop();
});

Deno.test("an event notification precedes the intercept request on the wire", async () => {
  const g = interceptor("g", ["tool_call"], () => ({ block: true, reason: "no" }));
  g.push({ type: "subscribe", events: ["tool_call"] });
  const host = await hostWith([g]);
  host.emit({ event: "tool_call", tool_id: "1", tool_name: "bash", tool_args: {} });
  const decision = await host.interceptToolCall(
    { toolId: "1", toolName: "bash", args: {} },
    signal(),
  );
  assertEquals(g.sent.map((f) => f.type), ["event", "event_intercept"]);
  assertEquals(decision.block, true);
  await host.stop();
});
