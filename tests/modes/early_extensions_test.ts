/**
 * A run spawns its extensions before its host exists
 * (src/modes/common/extensions.ts `startEarly`): spawned once discovery and
 * the provider are known, taken by the host, and stopped when the set-up
 * ends before the host took them, with real extension processes.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { processesMatching } from "../helpers/procs.ts";
import { assertNoLeftovers, fixtureSource } from "../extensions/process/_helpers.ts";
import { startEarly } from "../../src/modes/common/extensions.ts";

const PROVIDER = Promise.resolve({ id: "anthropic", model: "claude-test" });

Deno.test("early extensions: spawned with the run's provider, taken by the host", async () => {
  await using z = await tempZot();
  const early = startEarly({
    paths: z.paths,
    sources: Promise.resolve([fixtureSource("hello-sh")]),
    provider: PROVIDER,
    recording: false,
  });
  const started = await early.take();
  assert(started, "spawned");
  const [outcome] = await Promise.all(started.spawns);
  assert(outcome.ok && outcome.channel, "hello-sh started");
  await withTimeout(outcome.channel.ready, 10_000, "ready");
  // Taken: disposing the early start no longer stops it (the host owns it now).
  await early[Symbol.asyncDispose]();
  assertEquals(outcome.channel.readyState, "ready");
  const pid = outcome.channel.pid!;
  await outcome.channel.stop(Date.now() + 2_000);
  await assertNoLeftovers([pid]);
});

Deno.test("early extensions: a set-up that ends before the host took them stops them", async () => {
  await using z = await tempZot();
  const sources = [fixtureSource("hello-sh"), fixtureSource("ignore-shutdown")];
  let pids: number[] = [];
  {
    await using _early = startEarly({
      paths: z.paths,
      sources: Promise.resolve(sources),
      provider: PROVIDER,
      recording: false,
    });
    pids = await spawnedPids();
    // The set-up fails here: `early` is disposed untaken.
  }
  assert(pids.length === 2, `both started: ${pids}`);
  await assertNoLeftovers(pids);
});

Deno.test("early extensions: nothing runnable, nothing spawned", async () => {
  await using z = await tempZot();
  const theme = fixtureSource("hello-sh", { exec: undefined });
  for (const sources of [[], [theme]]) {
    await using early = startEarly({
      paths: z.paths,
      sources: Promise.resolve(sources),
      provider: PROVIDER,
      recording: false,
    });
    assertEquals(await early.take(), undefined);
  }
});

Deno.test("early extensions: none while the traffic is recorded (the host opens the file first)", async () => {
  await using z = await tempZot();
  await using early = startEarly({
    paths: z.paths,
    sources: Promise.resolve([fixtureSource("hello-sh")]),
    provider: PROVIDER,
    recording: true,
  });
  assertEquals(await early.take(), undefined);
});

Deno.test("early extensions: a provider that fails spawns nothing", async () => {
  await using z = await tempZot();
  const failed = Promise.reject(new Error("no key"));
  await using early = startEarly({
    paths: z.paths,
    sources: Promise.resolve([fixtureSource("hello-sh")]),
    provider: failed,
    recording: false,
  });
  failed.catch(() => {});
  assertEquals(await early.take(), undefined);
});

/** The pids of the two fixtures, found by their command lines (the spawns are internal). */
async function spawnedPids(): Promise<number[]> {
  const fixtures = new URL("../fixtures/extensions/", import.meta.url).pathname;
  const mine = () =>
    processesMatching(fixtures).filter((p) =>
      /hello-sh|ignore-shutdown/.test(p.cmdline) && !p.cmdline.includes("setsid")
    );
  await until(() => mine().length === 2, 10_000, "both extensions running");
  return mine().map((p) => p.pid);
}
