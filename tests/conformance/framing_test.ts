/**
 * Framing golden cases end to end (split on LF, tolerate CRLF, cap the line, survive garbage):
 * a real python extension writes CRLF frames, raw U+2028/U+2029, a frame
 * split across two writes inside a multi-byte character, a last line
 * without LF before exiting, and a line over 4 MiB.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { until } from "../helpers/wait.ts";
import { py, startHost } from "./_harness.ts";

Deno.test("framing e2e: CRLF, U+2028, split frame, last line without LF (python)", async () => {
  await using env = await startHost([py("framing", "framing.py")]);
  const { host, ui } = env;
  assertEquals(env.report.errors, []);
  await host.waitForReady();
  assertEquals(host.status()[0].state, "ready");

  // CRLF: the handshake and every later frame were accepted; U+2028 and
  // U+2029 stay inside the string instead of splitting the line.
  assertEquals(host.commands(), [{
    name: "wide",
    description: "line\u2028sep\u2029para",
    extension: "framing",
  }]);

  // The first half of this notify arrived with `ready`; the rest only
  // after this host frame reached the extension.
  host.emit({ event: "turn_start", step: 1 });
  await ui.waitFor(() => ui.notes("framing").length > 0, 10_000, "the split notify");
  assertEquals(ui.notes("framing"), ["split \u00e9 done"]);

  const outcome = await host.invokeCommand("WIDE", " x ");
  assertEquals(
    outcome.ok && outcome.action === "display" ? outcome.display : outcome,
    "a\u2028b\u2029c x",
  );

  // A last frame without LF, then exit: the frame still counts.
  host.emit({ event: "turn_end", stop: "end_turn" });
  await ui.waitFor(
    () => ui.notes("framing").includes("last words"),
    10_000,
    "the unterminated last frame",
  );
  assertEquals(ui.calls.filter((c) => c[0] === "notify").at(-1), [
    "notify",
    "framing",
    "warn",
    "last words",
  ]);
  const state = host.status()[0];
  assertEquals(state.counters, { malformed: 0, invalid: 0, unknownType: 0, lateReplies: 0 });
});

Deno.test("framing e2e: a line over 4 MiB disconnects the extension and drops its commands (python)", async () => {
  await using env = await startHost([py("framing", "framing.py")]);
  const { host, ui } = env;
  await host.waitForReady();
  assert(host.hasCommand("wide"));
  host.emit({ event: "turn_start", step: 99 });
  await ui.waitFor(
    () => ui.notes("framing").length > 0,
    10_000,
    "the split notify before the big line",
  );
  await until(() => !host.hasCommand("wide"), 10_000, "the oversize line to disconnect");
  assertEquals(host.commands(), []);
  const disconnect = host.diagnostics().find((d) => d.message.includes("disconnected"));
  assert(disconnect, JSON.stringify(host.diagnostics()));
  assertStringIncludes(disconnect.message, "extension framing disconnected: ");
  assertEquals(ui.notes("framing"), ["split \u00e9 done"]);
});
