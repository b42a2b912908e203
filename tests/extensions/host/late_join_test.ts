import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { within } from "../../helpers/wait.ts";
import { spawnExtension } from "../../../src/extensions/process/mod.ts";
import type { SpawnFn } from "../../../src/extensions/channel.ts";
import type { LateJoin } from "../../../src/extensions/host/mod.ts";
import type { ExtensionSource } from "../../../src/extensions/types.ts";
import { lateHelloSource, pySource, realHost } from "./e2e_helpers.ts";

// Start-up goes on without an extension that has not said hello once the
// others are ready: it joins late or fails at its own hello timeout.

const NEVER_HELLO = fileURLToPath(
  new URL("../../fixtures/extensions/never-hello/", import.meta.url),
);

function neverHello(): ExtensionSource {
  return {
    manifest: { name: "never-hello", exec: "./run.sh", language: "sh", enabled: true, raw: {} },
    dir: NEVER_HELLO,
    manifestPath: join(NEVER_HELLO, "extension.json"),
    kind: "global",
  };
}

/** Says hello once the test writes to `fifo`, then registers `late_tool`. */
function lateHello(fifo: string): ExtensionSource {
  return lateHelloSource(fifo, {
    name: "late",
    tools: [{ name: "late_tool" }],
    events: ["session_start"],
  });
}

/** The real spawner with a hello timeout past the join wait (3 s) but short for a test. */
const spawn: SpawnFn = (source, options) =>
  spawnExtension(source, { ...options, helloTimeoutMs: 6_000 });

function lateJoins() {
  const joins: LateJoin[] = [];
  const waiters: (() => void)[] = [];
  return {
    joins,
    onLateJoin(join: LateJoin) {
      joins.push(join);
      for (const w of waiters.splice(0)) w();
    },
    next(): Promise<LateJoin> {
      const seen = joins.length;
      return new Promise((resolve) => waiters.push(() => resolve(joins[seen])));
    },
  };
}

Deno.test("late join: a silent extension does not hold up start-up and fails later with its diagnostic", async () => {
  const late = lateJoins();
  await using env = await realHost([], { spawn, onLateJoin: (j) => late.onLateJoin(j) });
  const failed = late.next();
  const report = await env.host.load([
    neverHello(),
    pySource({ name: "ok", tools: [{ name: "ok_tool" }] }),
  ], {
    joinLate: true,
  });
  // Start-up went on before the hello timeout decided anything.
  assertEquals(report, { loaded: ["ok"], errors: [] });
  assertEquals(late.joins, []);
  assertEquals(env.host.loadFailures(), []);
  await env.host.waitForReady();
  assertEquals(env.host.tools().map((t) => t.name), ["ok_tool"]);
  const join = await within(20_000, failed, "the silent extension's hello timeout");
  assertEquals(join.name, "never-hello");
  assertStringIncludes(join.error?.message ?? "", "no hello frame within 6000 ms");
  assertEquals(env.host.loadFailures().map((f) => f.name), ["never-hello"]);
  assert(
    env.host.diagnostics().some((d) => d.extension === "never-hello" && d.severity === "error"),
  );
});

Deno.test("late join: a slow extension joins late with its tools and the open session's session_start", async () => {
  const late = lateJoins();
  await using env = await realHost([], { spawn, onLateJoin: (j) => late.onLateJoin(j) });
  const fifo = join(env.zot.home, "go.fifo");
  await new Deno.Command("mkfifo", { args: [fifo] }).output();
  const report = await env.host.load([lateHello(fifo), pySource({ name: "ok" })], {
    joinLate: true,
  });
  assertEquals(report, { loaded: ["ok"], errors: [] });
  assertEquals(env.host.tools().map((t) => t.name), []);
  env.host.startSession({ sessionId: "s-1", cwd: env.zot.cwd });
  const joined = late.next();
  await Deno.writeTextFile(fifo, "go\n");
  assertEquals(await within(15_000, joined, "the late hello"), { name: "late" });
  assertEquals(env.host.tools().map((t) => t.name), ["late_tool"]);
  // The late one takes its load-order place (first), not the end.
  assertEquals(env.host.status().map((s) => [s.name, s.state]), [["late", "ready"], [
    "ok",
    "ready",
  ]]);
  await env.ui.waitFor(() => env.ui.notes("late", "event").length > 0, 10_000, "session_start");
  const event = JSON.parse(env.ui.notes("late", "event")[0]);
  assertEquals([event.event, event.session_id], ["session_start", "s-1"]);
});

Deno.test("late join: stopping the host ends a handshake still running and says so", async () => {
  const late = lateJoins();
  await using env = await realHost([], { spawn, onLateJoin: (j) => late.onLateJoin(j) });
  const report = await env.host.load([neverHello()], { joinLate: true });
  assertEquals(report, { loaded: [], errors: [] });
  const cancelled = late.next();
  await within(10_000, env.host.stop(1000), "stop with a handshake running");
  const join = await within(5_000, cancelled, "the cancelled handshake");
  assertEquals(join.name, "never-hello");
  assertStringIncludes(join.error?.message ?? "", "start cancelled before hello");
});
