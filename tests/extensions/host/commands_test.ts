import { assertEquals } from "../../helpers/assert.ts";
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

Deno.test("every response field is carried over; unknown actions are kept as given", async () => {
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
