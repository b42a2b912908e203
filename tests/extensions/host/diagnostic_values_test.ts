/**
 * What the host raises about an extension is a typed diagnostic from the
 * start: source `extension`, a severity, a stable code, the extension and
 * its directory, and the remedy as a field of its own; the UI receives the
 * same value, not a line of text.
 */

import { assertEquals } from "../../helpers/assert.ts";
import { SILENT_UI } from "../../../src/extensions/ui.ts";
import { type Diagnostic, diagnosticText } from "../../../src/diagnostic.ts";
import { fake, hostWith } from "./fake_channel.ts";

function collectingUi() {
  const warned: Diagnostic[] = [];
  return { ui: { ...SILENT_UI, warn: (d: Diagnostic) => void warned.push(d) }, warned };
}

Deno.test("a crash is an error diagnostic (disconnected) on the host and on the extension's status", async () => {
  const a = fake("a", [{ type: "register_command", name: "go" }, { type: "ready" }]);
  const host = await hostWith([a]);
  a.close({ reason: "exited with status 7", code: 7 });
  await a.closed;
  const expected: Diagnostic = {
    source: "extension",
    severity: "error",
    code: "disconnected",
    message: "extension a disconnected: exited with status 7",
    extension: "a",
    dir: a.source.dir,
  };
  assertEquals(host.diagnostics(), [expected]);
  assertEquals(host.status()[0].warnings, [expected]);
  await host.stop();
});

Deno.test("a guard that stops reaches the UI as a gate-down diagnostic with its remedy", async () => {
  const { ui, warned } = collectingUi();
  const guard = fake("guard", [{ type: "subscribe", intercept: ["tool_call"] }, { type: "ready" }]);
  const host = await hostWith([guard], { ui });
  guard.close({ reason: "exited with status 3", code: 3 });
  await guard.closed;
  assertEquals(warned.map((d) => [d.source, d.severity, d.code, d.extension, d.remedy]), [
    ["extension", "warning", "gate-down", "guard", `run "/reload-ext" or restart zot`],
  ]);
  assertEquals(
    diagnosticText(warned[0]),
    `stopped (exited with status 3); it checks tool calls, so they are refused until it runs ` +
      `again (run "/reload-ext" or restart zot)`,
  );
  await host.stop();
});

Deno.test("registration problems carry their own codes; the log gets the same words", async () => {
  const a = fake("a", [{ type: "register_tool", name: "dup", schema: { type: "object" } }]);
  const b = fake("b", [
    { type: "register_tool", name: "dup", schema: { type: "object" } },
    { type: "register_tool", name: "has space", schema: { type: "object" } },
    { type: "register_command", name: "help" },
  ]);
  const host = await hostWith([a, b], { builtinCommands: ["help"] });
  const found = host.diagnostics();
  assertEquals(found.map((d) => [d.extension, d.severity, d.code]), [
    ["b", "warning", "registration-conflict"],
    ["b", "warning", "registration-refused"],
    ["b", "warning", "registration-shadowed"],
  ]);
  assertEquals(b.logs, found.map(diagnosticText));
  await host.stop();
});
