/**
 * Handshake and crash edges of the reference host not covered
 * elsewhere with a real process: stdout closed before hello by a process
 * that stays alive, and a crash after ready (read loop exit).
 *
 * @module
 */

import { assert, assertEquals, assertMatch, assertStringIncludes } from "../helpers/assert.ts";
import { until } from "../helpers/wait.ts";
import { py, source, startHost } from "./_harness.ts";

Deno.test("handshake: stdout closed before hello without exiting is reported and the process killed (sh)", async () => {
  await using env = await startHost([
    source("closed", "./closed-stdout.sh", [], { language: "sh" }),
  ]);
  assertEquals(env.report.loaded, []);
  assertEquals(env.report.errors.length, 1);
  const error = env.report.errors[0].message;
  assertStringIncludes(error, "Extension closed failed to start.");
  assertStringIncludes(error, "extension closed stdout before hello without exiting");
  assertStringIncludes(error, "ext-closed.log");
  assertStringIncludes(env.logText("closed"), "closing stdout, staying alive");
});

Deno.test("crash after ready: commands and tools leave the index, the log records the read loop exit (sh)", async () => {
  await using env = await startHost([source("crash", "./crash.sh", [], { language: "sh" })]);
  const { host } = env;
  await host.waitForReady();
  assert(host.hasCommand("boom"));
  const outcome = await host.invokeCommand("boom", "");
  assertEquals(outcome.ok, false);
  await until(() => !host.hasCommand("boom"), 5_000, "the crashed extension's command to go");
  assertEquals(host.tools(), []);
  assertEquals(host.status()[0].state, "closed");
  const disconnect = host.diagnostics().map((d) => d.message).find((m) =>
    m.startsWith("extension crash disconnected: ")
  );
  assert(disconnect, JSON.stringify(host.diagnostics()));
  // Its stderr reaches the log through a pipe of its own, which may trail the close: the
  // stop (already under way) ends once stderr is drained into the log.
  await host.stop(1_000);
  const log = env.logText("crash");
  assertStringIncludes(log, "boom requested");
  assertMatch(log, /\[zot\] extension crash read loop exited at \d{4}-\d\d-\d\dT/);
});

Deno.test("handshake: a hello line over 4 MiB is a read hello error and the process is reaped (python)", async () => {
  await using env = await startHost([py("huge", "huge-hello.py")]);
  assertEquals(env.report.loaded, []);
  const error = env.report.errors[0]?.message ?? "";
  assertStringIncludes(error, "Extension huge failed to start.");
  assertMatch(
    error,
    /error: read hello \(stderr log: [^)]*ext-huge\.log\): line exceeds 4194304 bytes/,
  );
});

Deno.test("handshake: a hello with an empty name fails as first frame must be hello (sh)", async () => {
  await using env = await startHost([
    source("nameless", "./empty-name.sh", [], { language: "sh" }),
  ]);
  assertEquals(env.report.loaded, []);
  assertMatch(
    env.report.errors[0]?.message ?? "",
    /first frame must be hello \(got "hello"; stderr log: [^)]*ext-nameless\.log\)/,
  );
});

Deno.test("stderr: 8 MiB before hello and 8 MiB inside a command are drained into the log (python)", async () => {
  await using env = await startHost([py("noisy", "noisy.py")]);
  assertEquals(env.report.errors, []);
  await env.host.waitForReady();
  const outcome = await env.host.invokeCommand("shout", "");
  assertEquals(outcome.ok && outcome.action === "display" ? outcome.display : outcome, "done");
  await env.host.stop(2_000);
  // 16 MiB is past the 10 MiB cap: the log rotated once, and the two files hold everything.
  const rotated = Deno.readTextFileSync(`${env.zot.paths.logs}/ext-noisy.log.1`);
  const log = rotated + env.logText("noisy");
  assertStringIncludes(log, "noise before hello done\n");
  assertStringIncludes(log, "noise in command done\n");
  assertStringIncludes(log, "[zot] log rotated: it reached 10485760 bytes");
  assert(log.length > 16 * 1024 * 1024, `log has ${log.length} chars`);
});
