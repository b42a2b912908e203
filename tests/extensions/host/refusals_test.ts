/**
 * Scope refusals are reported without letting an extension flood anything:
 * each refusal is logged, each distinct one is one diagnostic, up to a cap,
 * and names the extension chose are shown short and without control
 * characters.
 */

import { assertEquals } from "../../helpers/assert.ts";
import { FakeChannel, hostWith, source } from "./fake_channel.ts";
import type { ExtToHostFrame } from "../../../src/protocol/frames.ts";

function sandboxed(name: string, frames: ExtToHostFrame[]): FakeChannel {
  const src = source(name);
  src.manifest.exec = "./main.ts";
  const f = new FakeChannel(src);
  Object.defineProperty(f, "sandboxed", { value: true });
  for (const frame of frames) f.push(frame);
  return f;
}

const events = (name: string) =>
  `extension "loop" subscribed to "${name}" but its scope does not declare it (add it to scope.events)`;

Deno.test("a subscribe repeated in a loop is one diagnostic, logged each time", async () => {
  const frames = Array.from({ length: 20 }, (): ExtToHostFrame => ({
    type: "subscribe",
    events: ["tool_result"],
  }));
  const ext = sandboxed("loop", frames);
  const host = await hostWith([ext]);
  try {
    assertEquals(host.diagnostics().map((d) => d.message), [events("tool_result")]);
    assertEquals(ext.logs.length, 20);
  } finally {
    await host.stop();
  }
});

Deno.test("distinct refusals stop becoming diagnostics at the cap", async () => {
  const names = Array.from({ length: 100 }, (_, i) => `made_up_${i}`);
  const ext = sandboxed("loop", [{ type: "subscribe", events: names }]);
  const host = await hostWith([ext]);
  try {
    const messages = host.diagnostics().map((d) => d.message);
    assertEquals(messages, names.slice(0, 32).map(events));
    assertEquals(ext.logs.length, 100);
  } finally {
    await host.stop();
  }
});

Deno.test("names an extension chose are shown short and without control characters", async () => {
  const ext = sandboxed("loop", [
    { type: "subscribe", events: ["a\u001b[2Jb\u202e"] },
    { type: "submit_slash", text: `/${"x".repeat(200)}` },
  ]);
  const host = await hostWith([ext]);
  try {
    const messages = host.diagnostics().map((d) => d.message);
    assertEquals(messages[0], events("a?[2Jb?"));
    assertEquals(
      messages[1],
      `extension "loop" ran "/${
        "x".repeat(63)
      }…" through submit_slash but its scope does not allow running its commands for you (set scope.submit_slash to true)`,
    );
  } finally {
    await host.stop();
  }
});
