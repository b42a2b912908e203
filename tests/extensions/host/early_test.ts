/**
 * Extensions spawned before their host exists (early.ts): the host's first
 * load takes the spawns as its own (load order, frames sent before it
 * listened, failures), nothing is spawned twice, a stop or a load after stop
 * ends them, and spawns no host took are stopped. The run-level half
 * (set-up starting them, a failed set-up stopping them) is in
 * tests/modes/early_extensions_test.ts.
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { deferred } from "../../helpers/wait.ts";
import { zotPaths } from "../../../src/config/paths.ts";
import type { SpawnResult } from "../../../src/extensions/channel.ts";
import { ExtensionHost } from "../../../src/extensions/host/mod.ts";
import { cancelEarly, startEarly } from "../../../src/extensions/host/early.ts";
import { FakeChannel, fakeSpawn, IDENTITY, source } from "./fake_channel.ts";

const PATHS = zotPaths("/work", "/zot-home");

function newHost(spawn: ReturnType<typeof fakeSpawn>) {
  return new ExtensionHost({ spawn, paths: PATHS, identity: IDENTITY });
}

Deno.test("early: the first load takes the spawns in load order and spawns nothing again", async () => {
  const a = new FakeChannel(source("a"));
  const b = new FakeChannel(source("b", { kind: "explicit" }));
  const spawn = fakeSpawn({ a, b, broken: "Extension broken failed to start." });
  const early = startEarly(spawn, [a.source, source("broken"), b.source, source("a")], {
    paths: PATHS,
    identity: IDENTITY,
  });
  assertEquals(spawn.spawned, ["b", "a", "broken"], "explicit first, a duplicate name once");
  // The extension registers a tool before any host listens: it waits in the channel.
  a.pushLine({ type: "register_tool", name: "early_tool", description: "d", parameters: {} });
  a.pushLine({ type: "ready" });
  b.pushLine({ type: "ready" });
  const host = newHost(spawn);
  const report = await host.load([a.source, b.source], { joinLate: true, started: early });
  assertEquals(spawn.spawned, ["b", "a", "broken"], "the host spawned nothing of its own");
  assertEquals(report.loaded, ["b", "a"]);
  assertEquals(report.errors.map((e) => e.extension), ["broken"]);
  assertEquals(host.status().map((s) => s.name), ["b", "a"]);
  await host.waitForReady(1_000);
  assertEquals(host.tools().map((t) => t.name), ["early_tool"]);
  await host.stop(100);
  assert(a.stopDeadlines.length > 0 && b.stopDeadlines.length > 0, "the host stopped them");
});

Deno.test("early: a host stopped before its load stops what was started for it", async () => {
  const a = new FakeChannel(source("a"));
  const spawn = fakeSpawn({ a });
  const early = startEarly(spawn, [a.source], { paths: PATHS, identity: IDENTITY });
  const host = newHost(spawn);
  await host.stop(100);
  assertEquals(await host.load([a.source], { started: early }), { loaded: [], errors: [] });
  assertEquals(a.stopDeadlines.length, 1, "stopped, not left running");
  assert(early.abort.signal.aborted);
});

Deno.test("early: the host's stop ends a handshake still running among the early spawns", async () => {
  const hello = deferred<SpawnResult>();
  const slow = new FakeChannel(source("slow"));
  const fast = new FakeChannel(source("fast"));
  const spawn = fakeSpawn({ slow: () => hello.promise, fast });
  const early = startEarly(spawn, [slow.source, fast.source], { paths: PATHS, identity: IDENTITY });
  fast.pushLine({ type: "ready" });
  const host = newHost(spawn);
  // joinLate: the load goes on without "slow" once the join wait is over.
  const loading = host.load([slow.source, fast.source], { joinLate: true, started: early });
  await host.stop(100);
  assert(early.abort.signal.aborted, "the host's stop reached the early handshakes");
  hello.resolve({ ok: true, channel: slow, notes: [] });
  await loading;
  // What joined after the stop is stopped, not attached.
  assertEquals(host.status().map((s) => s.name).filter((n) => n === "slow"), []);
  assert(fast.stopDeadlines.length > 0, "the one already started was stopped");
});

Deno.test("early: spawns no host took are stopped by cancelEarly", async () => {
  const a = new FakeChannel(source("a"));
  const b = new FakeChannel(source("b"));
  const spawn = fakeSpawn({ a, b, broken: "no" });
  const early = startEarly(spawn, [a.source, b.source, source("broken")], {
    paths: PATHS,
    identity: IDENTITY,
  });
  await cancelEarly(early);
  assert(early.abort.signal.aborted);
  assertEquals([a.stopDeadlines.length, b.stopDeadlines.length], [1, 1]);
});
