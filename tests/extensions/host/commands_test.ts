import { assert, assertEquals } from "../../helpers/assert.ts";
import { within } from "../../helpers/wait.ts";
import { commandStatusText } from "../../../src/extensions/host/mod.ts";
import { fake, hostWith } from "./fake_channel.ts";

Deno.test("invokeCommand sends the canonical name and trimmed args (TestManagerSpawnAndInvoke)", async () => {
  const ext = fake("mock", [{ type: "register_command", name: "Ping" }]);
  ext.responder = (frame, self) => {
    if (frame.type === "command_invoked") {
      queueMicrotask(() =>
        self.push({ type: "command_response", id: frame.id, action: "display", display: "pong" })
      );
    }
  };
  const host = await hostWith([ext]);
  const outcome = await host.invokeCommand("PING", "  a b  ");
  assertEquals(outcome, {
    ok: true,
    extension: "mock",
    command: "Ping",
    action: "display",
    display: "pong",
  });
  await host.invokeCommand("ping", "   ");
  const [first, second] = ext.frames("command_invoked");
  assertEquals([first.name, first.args], ["Ping", "a b"]);
  assertEquals("args" in second, false);
  assertEquals(commandStatusText(outcome), undefined);
  await host.stop();
});

Deno.test("every response field is carried over; an unknown action is an error naming it", async () => {
  const ext = fake("x", [{ type: "register_command", name: "go" }]);
  ext.responder = (frame, self) => {
    if (frame.type !== "command_invoked") return;
    queueMicrotask(() =>
      self.push({
        type: "command_response",
        id: frame.id,
        action: "dance",
        prompt: "p",
        tool_name: "skill",
        tool_args: { name: "s" },
        insert: "i",
        open_panel: { id: "p1", title: "T", lines: ["a"] },
      })
    );
  };
  const host = await hostWith([ext]);
  const outcome = await host.invokeCommand("go", "");
  assertEquals(outcome, {
    ok: true,
    extension: "x",
    command: "go",
    action: "dance",
    prompt: "p",
    toolName: "skill",
    toolArgs: { name: "s" },
    insert: "i",
    panel: { id: "p1", title: "T", lines: ["a"] },
    error: "unknown action dance",
  });
  assertEquals(commandStatusText(outcome), "extension /go: unknown action dance");
  await host.stop();
});

Deno.test("command timeout and missing owner become error outcomes", async () => {
  const ext = fake("x", [{ type: "register_command", name: "slow" }]);
  const host = await hostWith([ext], { timeouts: { commandMs: 10 } });
  const timedOut = await within(
    5_000,
    host.invokeCommand("slow", ""),
    "the command should time out after 10 ms",
  );
  assertEquals(timedOut, {
    ok: false,
    extension: "x",
    command: "slow",
    error: "timeout waiting for x/slow",
  });
  assertEquals(commandStatusText(timedOut), "extension /slow: timeout waiting for x/slow");
  const missing = await host.invokeCommand("nope", "");
  assertEquals(missing, {
    ok: false,
    command: "nope",
    error: 'no extension registered for command "nope"',
  });
  await host.stop();
});

Deno.test("status text: error wins over the action; known actions report nothing", () => {
  const base = { ok: true as const, extension: "x", command: "c" };
  assertEquals(
    commandStatusText({ ...base, action: "prompt", error: "bad input" }),
    "extension /c: bad input",
  );
  for (const action of ["prompt", "tool_prompt", "insert", "display", "open_panel", "noop", ""]) {
    assertEquals(commandStatusText({ ...base, action }), undefined);
  }
});

/** A host whose command "go" answers `reply`. */
async function answering(reply: Record<string, unknown>) {
  const ext = fake("x", [{ type: "register_command", name: "go" }]);
  ext.responder = (frame, self) => {
    if (frame.type !== "command_invoked") return;
    queueMicrotask(() => self.push({ type: "command_response", id: frame.id, ...reply } as never));
  };
  return await hostWith([ext]);
}

// deno-lint-ignore no-control-regex
const ACTS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const OSC = "\x1b]2;PWNTITLE\x07\x1b[31mRED";

Deno.test("every string of a command_response is made safe before a UI sees it", async () => {
  for (const action of ["insert", "display", "prompt"]) {
    const host = await answering({ action, [action]: `line one ${OSC}\nline two\u202e` });
    const outcome = await host.invokeCommand("go", "");
    const text = JSON.stringify(outcome);
    assert(outcome.ok && !ACTS.test(JSON.stringify(Object.values(outcome))), text);
    // Multi-line fields keep their line feeds.
    assertEquals((outcome as Record<string, unknown>)[action], "line one RED\nline two", action);
    assertEquals(commandStatusText(outcome), undefined);
    await host.stop();
  }
  const failed = await answering({ action: "display", display: "d", error: `bad ${OSC}\nx` });
  const outcome = await failed.invokeCommand("go", "");
  assertEquals(outcome.ok && outcome.error, "bad RED x");
  assertEquals(commandStatusText(outcome), "extension /go: bad RED x");
  await failed.stop();
});

Deno.test("an unknown action is echoed clean, and cleaning never makes it a known one", async () => {
  for (
    const [action, shown] of [["x\x1b]2;T\x07", "x"], ["prompt\x1b", "prompt"], [
      "insert\u202e",
      "insert",
    ]]
  ) {
    const host = await answering({ action, prompt: "go ahead", insert: "typed" });
    const outcome = await host.invokeCommand("go", "");
    assert(outcome.ok, JSON.stringify(outcome));
    assertEquals(outcome.error, `unknown action ${shown}`);
    assertEquals(commandStatusText(outcome), `extension /go: unknown action ${shown}`);
    await host.stop();
  }
});

Deno.test("status text of an outcome built elsewhere: the command, action and error are made safe", () => {
  const base = { ok: true as const, extension: "x", command: "go\u202e" };
  assertEquals(
    commandStatusText({ ...base, action: "x\x1b]2;T\x07" }),
    "extension /go: unknown action x",
  );
  assertEquals(
    commandStatusText({ ...base, action: "noop", error: "e\x1b[2K" }),
    "extension /go: e",
  );
});
