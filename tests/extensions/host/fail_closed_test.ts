/**
 * Guards fail closed: once an extension that intercepts `tool_call` or
 * `turn_start` is gone, what it checks is refused (with the reason, to the
 * model and the user) until a reload brings it back. `assistant_message`
 * only filters what is shown and stays fail-open.
 */

import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { ExtensionHost } from "../../../src/extensions/host/mod.ts";
import { zotPaths } from "../../../src/config/paths.ts";
import type { HostTimeouts } from "../../../src/extensions/host/core.ts";
import { until, withTimeout } from "../../helpers/wait.ts";
import { fake, type FakeChannel, fakeSpawn, IDENTITY, RecordingUi } from "./fake_channel.ts";

const signal = () => new AbortController().signal;

/** A guard allowing everything it is asked (the fake answers at once). */
function allowing(name: string, intercept: string[]): FakeChannel {
  const f = fake(name, [{ type: "subscribe", intercept }, { type: "ready" }]);
  f.responder = (frame, self) => {
    if (frame.type !== "event_intercept") return;
    queueMicrotask(() => self.push({ type: "event_intercept_response", id: frame.id }));
  };
  return f;
}

async function hostOver(
  table: Record<string, FakeChannel>,
  ui = new RecordingUi(),
  timeouts: Partial<HostTimeouts> = {},
) {
  const host = new ExtensionHost({
    timeouts,
    spawn: fakeSpawn(table),
    paths: zotPaths("/work", "/zot-home"),
    identity: IDENTITY,
    ui,
    // Refused until a reload: the behaviour during a restart is tested in restart_test.ts.
    restartPolicy: "never",
  });
  await host.load(Object.values(table).map((f) => f.source));
  return { host, ui };
}

const call = { toolId: "1", toolName: "bash", args: { command: "ls" } };

Deno.test("fail closed: a crashed tool_call guard refuses every later call, with the reason, and warns once", async () => {
  const guard = allowing("guard", ["tool_call"]);
  const { host, ui } = await hostOver({ guard });
  assertEquals(await host.interceptToolCall(call, signal()), { block: false, args: call.args });
  guard.close({ reason: "exited with status 3", code: 3 });
  await guard.closed;
  for (const id of ["2", "3"]) {
    const d = await host.interceptToolCall({ ...call, toolId: id }, signal());
    assert(d.block, `call ${id} must be refused`);
    assertStringIncludes(d.reason, 'Tool call refused: extension "guard"');
    assertStringIncludes(d.reason, "exited with status 3");
    assertStringIncludes(d.reason, '"/reload-ext"');
  }
  const warns = ui.calls.filter((c) => c[0] === "warn");
  assertEquals(warns.length, 1);
  assertStringIncludes(String(warns[0][2]), "it checks tool calls, so they are refused");
  await host.stop();
});

Deno.test("fail closed: a refusal right after a guard's output ends waits for how it ended", async () => {
  const guard = allowing("guard", ["tool_call"]);
  const { host } = await hostOver({ guard });
  guard.endOutput();
  const refused = host.interceptToolCall(call, signal());
  guard.close({ reason: "killed by SIGKILL", signal: "SIGKILL" });
  const d = await refused;
  assert(d.block, "the call must be refused");
  assertStringIncludes(
    d.reason,
    'extension "guard", which checks them, is not running (killed by SIGKILL)',
  );
  await host.stop();
});

Deno.test("fail closed: a guard whose end never settles is refused within the intercept deadline", async () => {
  const guard = allowing("guard", ["tool_call"]);
  const { host } = await hostOver({ guard }, new RecordingUi(), { interceptMs: 50 });
  guard.endOutput();
  const d = await withTimeout(host.interceptToolCall(call, signal()), 5_000, "the refusal");
  assert(d.block, "the call must be refused");
  assertStringIncludes(d.reason, "is not running (disconnected)");
  guard.close();
  await host.stop();
});

Deno.test("fail closed: text is not held for the reason of an interceptor that ended mid-request", async () => {
  const viewer = fake("viewer", [{ type: "subscribe", intercept: ["assistant_message"] }, {
    type: "ready",
  }]);
  const { host } = await hostOver({ viewer });
  // The intercept deadline (5 s) bounds the wait; allowing the text must not come near it.
  const shown = host.interceptAssistantMessage("hello", signal());
  await until(() => viewer.frames("event_intercept").length === 1, 2_000, "the request");
  viewer.endOutput();
  assertEquals(await withTimeout(shown, 2_000, "the text, allowed at once"), {
    block: false,
    text: "hello",
  });
  viewer.close();
  await host.stop();
});

Deno.test("fail closed: waiting for a gone guard's reason ends when the run is cancelled", async () => {
  const guard = allowing("guard", ["tool_call"]);
  const { host } = await hostOver({ guard });
  guard.endOutput();
  // Cancelled the moment something waits on the run's signal: the wait for the reason.
  const run = new AbortController();
  const listen = run.signal.addEventListener.bind(run.signal);
  run.signal.addEventListener = (...args: Parameters<AbortSignal["addEventListener"]>) => {
    listen(...args);
    if (args[0] === "abort") queueMicrotask(() => run.abort());
  };
  const cancelled = host.interceptToolCall(call, run.signal);
  assertEquals(await withTimeout(cancelled, 2_000, "the cancelled call"), {
    block: false,
    args: call.args,
  });
  guard.close();
  await host.stop();
});

Deno.test("fail closed: a guard gone for overflow refuses turns it checks; the next guard is not asked", async () => {
  const gate = allowing("gate", ["turn_start", "tool_call"]);
  const later = allowing("later", ["tool_call"]);
  const { host, ui } = await hostOver({ gate, later });
  gate.close({ reason: "outbound queue overflow" });
  await gate.closed;
  const turn = await host.interceptTurnStart(1, signal());
  assertEquals(turn.block, true);
  assertStringIncludes(turn.reason ?? "", "Turn refused");
  assertStringIncludes(turn.reason ?? "", "outbound queue overflow");
  assertEquals((await host.interceptToolCall(call, signal())).block, true);
  assertEquals(later.frames("event_intercept").length, 0);
  await ui.waitFor(() => ui.calls.some((c) => c[0] === "warn"), 1_000, "the warning");
  assertStringIncludes(
    String(ui.calls.find((c) => c[0] === "warn")![2]),
    "it checks tool calls and turns",
  );
  await host.stop();
});

Deno.test("fail closed: a reload brings the guard back and calls are checked again", async () => {
  const first = allowing("guard", ["tool_call"]);
  const table: Record<string, FakeChannel> = { guard: first };
  const { host } = await hostOver(table);
  first.close();
  await first.closed;
  assertEquals((await host.interceptToolCall(call, signal())).block, true);
  const second = allowing("guard", ["tool_call"]);
  table.guard = second;
  await host.reload(() => [second.source], 10);
  assertEquals(await host.interceptToolCall(call, signal()), { block: false, args: call.args });
  assertEquals(second.frames("event_intercept").length, 1);
  await host.stop();
});

Deno.test("fail open where only display is filtered: a gone assistant_message interceptor allows, no gate warning", async () => {
  const redact = allowing("redact", ["assistant_message"]);
  const { host, ui } = await hostOver({ redact });
  redact.close();
  await redact.closed;
  assertEquals(await host.interceptAssistantMessage("hi", signal()), { block: false, text: "hi" });
  assertEquals(await host.interceptToolCall(call, signal()), { block: false, args: call.args });
  assertEquals(ui.calls.filter((c) => c[0] === "warn").length, 0);
  await host.stop();
});

Deno.test("fail closed: a guard's reply of the wrong type refuses the call", async () => {
  const odd = fake("odd", [{ type: "subscribe", intercept: ["tool_call"] }]);
  odd.responder = (frame, self) => {
    if (frame.type !== "event_intercept") return;
    queueMicrotask(() => self.push({ type: "tool_result", id: frame.id, content: [] }));
  };
  const { host } = await hostOver({ odd });
  const d = await host.interceptToolCall(call, signal());
  assertEquals(d.block, true);
  assertStringIncludes(d.block ? d.reason : "", 'extension "odd" answered with tool_result');
  await host.stop();
});
