import { assertEquals } from "../../helpers/assert.ts";
import { fake, hostWith } from "./fake_channel.ts";
import { diagnosticText } from "../../../src/diagnostic.ts";

Deno.test("commands are case-insensitive, canonical and first-wins", async () => {
  const a = fake("a", [{ type: "register_command", name: "Ping", description: "pong" }]);
  const b = fake("b", [
    { type: "register_command", name: "ping" },
    { type: "register_command", name: "other" },
  ]);
  const host = await hostWith([a, b]);
  assertEquals(host.commands(), [
    { name: "Ping", description: "pong", extension: "a" },
    { name: "other", description: "", extension: "b" },
  ]);
  assertEquals(host.hasCommand("PING"), true);
  assertEquals(host.commandOwner("pInG"), "a");
  const conflict = "command /ping conflicts with another extension registering the same name";
  assertEquals(host.diagnostics().map((d) => [d.extension, d.message]), [["b", conflict]]);
  assertEquals(b.logs, [conflict]);
  const status = host.status().find((s) => s.name === "b")!;
  assertEquals(status.commands, [
    { name: "ping", state: "shadowed" },
    { name: "other", state: "active" },
  ]);
  await host.stop();
});

Deno.test("a case-only duplicate within one extension conflicts too", async () => {
  const a = fake("a", [
    { type: "register_command", name: "CaseTest" },
    { type: "register_command", name: "casetest" },
  ]);
  const host = await hostWith([a]);
  assertEquals(host.commands().map((c) => c.name), ["CaseTest"]);
  assertEquals(host.status()[0].commands.map((c) => c.state), ["active", "shadowed"]);
  await host.stop();
});

Deno.test("commands and tools named like built-ins are shadowed with a diagnostic and a log line", async () => {
  const a = fake("a", [
    { type: "register_command", name: "help" },
    // Built-ins are looked up case-insensitively, so /Model never reaches the extension.
    { type: "register_command", name: "Model" },
    { type: "register_command", name: "mine" },
    { type: "register_tool", name: "bash", schema: { type: "object" } },
    // Tool names are exact-case: `Bash` is another tool.
    { type: "register_tool", name: "Bash", schema: { type: "object" } },
  ]);
  const host = await hostWith([a], {
    builtinCommands: ["help", "MODEL"],
    builtinTools: ["read", "write", "edit", "bash", "skill"],
  });
  assertEquals(host.commands().map((c) => c.name), ["mine"]);
  assertEquals(host.hasCommand("model"), false);
  assertEquals(host.tools().map((t) => t.name), ["Bash"]);
  const expected = [
    "command /help is shadowed by the built-in /help (rename the extension's command)",
    "command /Model is shadowed by the built-in /model (rename the extension's command)",
    "tool bash is shadowed by the built-in tool of that name (rename the extension's tool)",
  ];
  assertEquals(host.diagnostics().map(diagnosticText), expected);
  // The remedy is a field of its own; the log says the same words.
  assertEquals(host.diagnostics().map((d) => [d.code, d.remedy]), [
    ["registration-shadowed", "rename the extension's command"],
    ["registration-shadowed", "rename the extension's command"],
    ["registration-shadowed", "rename the extension's tool"],
  ]);
  assertEquals(a.logs, expected);
  assertEquals(host.status()[0].commands, [
    { name: "help", state: "shadowed" },
    { name: "Model", state: "shadowed" },
    { name: "mine", state: "active" },
  ]);
  await host.stop();
});

Deno.test("tools are exact-case, first-wins, keep deferred and interactive", async () => {
  const schema = { type: "object", properties: { city: { type: "string" } } };
  const a = fake("a", [
    { type: "register_tool", name: "shared", description: "A", schema },
    { type: "register_tool", name: "later", deferred: true, interactive: true },
  ]);
  const b = fake("b", [
    { type: "register_tool", name: "shared", schema },
    { type: "register_tool", name: "Shared", schema },
  ]);
  const host = await hostWith([a, b]);
  const tools = host.tools();
  assertEquals(tools.map((t) => [t.name, t.source, t.deferred, t.interactive]), [
    ["shared", "a", undefined, undefined],
    ["later", "a", true, true],
    ["Shared", "b", undefined, undefined],
  ]);
  assertEquals(tools[0].schema, schema);
  assertEquals(tools[0].description, "A");
  assertEquals(tools[1].schema, { type: "object", properties: {} });
  assertEquals(host.diagnostics().map((d) => d.message), [
    "tool shared conflicts with another extension registering the same name",
  ]);
  await host.stop();
});

Deno.test("a schema that is not JSON skips the tool", async () => {
  const a = fake("a", [{ type: "register_tool", name: "big", schema: { n: 1n } }]);
  const host = await hostWith([a]);
  assertEquals(host.tools(), []);
  const [diag] = host.diagnostics();
  assertEquals(diag.message.startsWith('tool "big" refused: its schema is not valid json ('), true);
  assertEquals(a.logs, [diag.message]);
  await host.stop();
});

Deno.test("subscribe unions events and keeps only interceptable intercepts", async () => {
  const a = fake("a", [
    { type: "subscribe", events: ["turn_start", "custom_thing"], intercept: ["tool_call"] },
    { type: "subscribe", events: ["turn_end"], intercept: ["session_start", "before_agent_start"] },
  ]);
  const host = await hostWith([a]);
  const [status] = host.status();
  assertEquals(status.events, ["turn_start", "custom_thing", "turn_end"]);
  assertEquals(status.intercepts, ["tool_call", "before_agent_start"]);
  assertEquals(host.hasInterceptor("tool_call"), true);
  assertEquals(host.hasInterceptor("turn_start"), false);
  await host.stop();
});
