import { assertEquals } from "../../helpers/assert.ts";
import { deferred, within } from "../../helpers/wait.ts";
import { zotPaths } from "../../../src/config/paths.ts";
import type { SpawnResult } from "../../../src/extensions/channel.ts";
import { ExtensionHost, formatReloadStatus } from "../../../src/extensions/host/mod.ts";
import { FakeChannel, fakeSpawn, IDENTITY, source } from "./fake_channel.ts";
import type { Diagnostic } from "../../../src/diagnostic.ts";

function newHost(spawn: ReturnType<typeof fakeSpawn>) {
  return new ExtensionHost({ spawn, paths: zotPaths("/work", "/zot-home"), identity: IDENTITY });
}

Deno.test("load order is explicit first then input order, not completion order", async () => {
  const late = deferred<SpawnResult>();
  const a = new FakeChannel(source("a"));
  const b = new FakeChannel(source("b", { kind: "explicit" }));
  const c = new FakeChannel(source("c", { kind: "project" }));
  const spawn = fakeSpawn({ a: () => late.promise, b, c });
  const host = newHost(spawn);
  const loading = host.load([a.source, c.source, b.source]);
  // "a" finishes last.
  queueMicrotask(() => late.resolve({ ok: true, channel: a, notes: ["runs sandboxed"] }));
  const report = await loading;
  assertEquals(report, { loaded: ["b", "a", "c"], errors: [] });
  assertEquals(host.status().map((s) => s.name), ["b", "a", "c"]);
  assertEquals(host.status()[1].notes, ["runs sandboxed"]);
  await host.stop();
});

Deno.test("passive bundles are never spawned; errors are diagnostics; duplicate names load once", async () => {
  const ok = new FakeChannel(source("ok"));
  const spawn = fakeSpawn({ ok, broken: 'Extension broken failed to start.\nexec: "./x"' });
  const host = newHost(spawn);
  const theme = source("theme", { exec: null });
  const dup = source("ok", { kind: "global" });
  const report = await host.load([theme, source("broken"), ok.source, dup]);
  assertEquals(spawn.spawned, ["broken", "ok"]);
  const failed: Diagnostic = {
    source: "load",
    severity: "error",
    code: "start-failed",
    extension: "broken",
    dir: "/exts/broken",
    message: 'Extension broken failed to start.\nexec: "./x"',
  };
  assertEquals(report, { loaded: ["theme", "ok"], errors: [failed] });
  assertEquals(host.diagnostics(), [failed]);
  assertEquals(host.loadFailures().map((f) => f.name), ["broken"]);
  const [themeStatus] = host.status();
  assertEquals([themeStatus.state, themeStatus.passive], ["ready", true]);
  // A second load skips names already loaded.
  assertEquals(await host.load([ok.source]), { loaded: [], errors: [] });
  await host.stop();
});

Deno.test("a spawner that throws only fails its own extension", async () => {
  const ok = new FakeChannel(source("ok"));
  const spawn = fakeSpawn({ ok, bad: () => Promise.reject(new Error("boom")) });
  const host = newHost(spawn);
  const report = await host.load([source("bad"), ok.source]);
  assertEquals(report.loaded, ["ok"]);
  assertEquals(report.errors.map((d) => [d.code, d.extension, d.message]), [
    ["start-failed", "bad", 'Cannot start extension "bad": boom'],
  ]);
  await host.stop();
});

Deno.test("waitForReady: one deadline, stragglers forced, auto-ready reported once", async () => {
  const ready = new FakeChannel(source("ready"));
  const auto = new FakeChannel(source("auto"));
  const slow = new FakeChannel(source("slow"));
  const host = newHost(fakeSpawn({ ready, auto, slow }));
  await host.load([ready.source, auto.source, slow.source]);
  ready.push({ type: "ready" });
  auto.markReady("auto-ready");
  await within(5_000, host.waitForReady(20), "the 20 ms ready grace should force the straggler");
  assertEquals(host.status().map((s) => s.state), ["ready", "auto-ready", "ready-timeout"]);
  assertEquals(host.diagnostics().map((d) => [d.extension, d.message]), [
    ["auto", "no ready frame; auto-ready after idle"],
    ["slow", "timed out waiting for ready frame"],
  ]);
  await within(5_000, host.waitForReady(20), "a second ready wait");
  assertEquals(host.diagnostics().length, 2);
  await host.stop();
});

Deno.test("stop: shutdown to every extension against one shared deadline, once", async () => {
  const a = new FakeChannel(source("a"));
  const b = new FakeChannel(source("b"));
  const host = newHost(fakeSpawn({ a, b }));
  await host.load([a.source, b.source]);
  const before = Date.now();
  await within(
    10_000,
    Promise.all([host.stop(500), host.stop(500)]),
    "stop should end by its 500 ms deadline",
  );
  assertEquals(a.stopDeadlines.length, 1);
  assertEquals(a.stopDeadlines, b.stopDeadlines);
  assertEquals(a.stopDeadlines[0] >= before + 500, true);
  // A stop is not a crash.
  assertEquals(host.diagnostics(), []);
  assertEquals(await host.load([source("c")]), { loaded: [], errors: [] });
});

Deno.test("reload stops everything, keeps the session, re-registers and reports (TestReloadRespawnsExtensions)", async () => {
  let generation = 0;
  const make = () => {
    generation++;
    const f = new FakeChannel(source("x"));
    f.push({ type: "register_command", name: `cmd${generation}` });
    f.push({ type: "subscribe", events: ["session_end", "session_start", "turn_start"] });
    f.push({ type: "ready" });
    return f;
  };
  const first = make();
  const table: Record<string, () => Promise<SpawnResult>> = {
    x: () =>
      Promise.resolve({
        ok: true,
        channel: generation === 1 && !first.isClosed ? first : make(),
        notes: [],
      }),
  };
  const host = newHost(fakeSpawn(table));
  await host.load([first.source, source("gone")]);
  host.startSession({ sessionId: "s", cwd: "/work" });
  assertEquals(host.hasCommand("cmd1"), true);
  const report = await host.reload(() => [first.source, source("gone")], 100);
  assertEquals(
    [report.stopped, report.loaded, report.ready, report.errors.map((d) => d.message)],
    [1, 1, 1, ["no fake for gone"]],
  );
  assertEquals(
    formatReloadStatus(report),
    "reloaded: 1 stopped, 1 loaded (1 ready), 1 error(s): no fake for gone",
  );
  assertEquals(first.frames("event").map((e) => e.event), ["session_start"]);
  assertEquals(host.hasCommand("cmd1"), false);
  assertEquals(host.hasCommand("cmd2"), true);
  host.emit({ event: "turn_start", step: 1 });
  const second = host.status()[0];
  assertEquals(second.commands, [{ name: "cmd2", state: "active" }]);
  await host.stop();
});

Deno.test("reload status formats", () => {
  assertEquals(
    formatReloadStatus({ stopped: 2, loaded: 2, ready: 2, errors: [] }),
    "reloaded: 2 stopped, 2 loaded (2 ready)",
  );
  const failed = (message: string, remedy?: string): Diagnostic => ({
    source: "load",
    severity: "error",
    code: "start-failed",
    message,
    ...(remedy ? { remedy } : {}),
  });
  const errors = [failed("a failed"), failed("b failed", `run "zot ext doctor b"`)];
  assertEquals(
    formatReloadStatus({ stopped: 1, loaded: 0, ready: 0, errors }),
    `reloaded: 1 stopped, 0 loaded (0 ready), 2 error(s): a failed; b failed (run "zot ext doctor b")`,
  );
});
