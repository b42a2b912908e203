import { allProcesses, processesMatching } from "../../helpers/procs.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { until, within, withTimeout } from "../../helpers/wait.ts";
import { assertNoLeftovers, harness } from "./_helpers.ts";

Deno.test("stop: a well-behaved extension exits on shutdown without signals", async () => {
  await using h = await harness();
  const channel = await h.start("hello-sh");
  await withTimeout(channel.ready, 10_000, "ready");
  const first = channel.stop(Date.now() + 2_000);
  assert(channel.stop(Date.now()) === first, "stop is idempotent");
  await within(10_000, first, "stop should end within its 2 s grace");
  assertEquals(await channel.closed, { reason: "stopped (exited with status 0)", code: 0 });
  const log = h.logText("hello-sh");
  assert(!log.includes("SIGTERM"), log);
  await assertNoLeftovers([channel.pid!]);
});

Deno.test("stop: an extension ignoring shutdown and SIGTERM is killed with its group", async () => {
  await using h = await harness();
  const channel = await h.start("ignore-shutdown");
  await withTimeout(channel.ready, 10_000, "ready");
  // SIGTERM, then SIGKILL after the kill grace: a broken escalation would wait forever.
  await within(15_000, channel.stop(Date.now()), "stop should escalate to SIGKILL");
  const info = await channel.closed;
  assertEquals(info.signal, "SIGKILL");
  const log = h.logText("ignore-shutdown");
  assertStringIncludes(log, "[zot] no exit after shutdown; sending SIGTERM to process group");
  assertStringIncludes(log, "[zot] no exit after SIGTERM; sending SIGKILL to process group");
  await assertNoLeftovers([channel.pid!]);
});

Deno.test("stop: a grandchild left behind is killed with the group", async () => {
  await using h = await harness();
  const channel = await h.start("grandchild");
  await withTimeout(channel.ready, 10_000, "ready");
  const pid = channel.pid!;
  // The fork is immediate, the exec of sleep may not be: only /proc can tell.
  await until(
    () => allProcesses().some((p) => p.pgid === pid && p.cmdline.startsWith("sleep")),
    5_000,
    "the grandchild sleep in the group",
  );
  await within(15_000, channel.stop(Date.now() + 2_000), "stop should end the whole group");
  assertEquals((await channel.closed).code, 0);
  await assertNoLeftovers([pid]);
});

Deno.test("stop: a crashed extension's grandchildren are killed too", async () => {
  await using h = await harness();
  const channel = await h.start("grandchild");
  await withTimeout(channel.ready, 10_000, "ready");
  Deno.kill(channel.pid!, "SIGKILL");
  const info = await withTimeout(channel.closed, 5_000, "close after crash");
  assertEquals(info.signal, "SIGKILL");
  await channel.stop(Date.now() + 2_000);
  await assertNoLeftovers([channel.pid!]);
});

Deno.test("stop: parallel stops of several extensions share one deadline", async () => {
  await using h = await harness();
  const channels = await Promise.all(
    ["hello-sh", "echo-node", "silent-no-ready", "grandchild"].map((d) => h.start(d)),
  );
  const deadline = Date.now() + 2_000;
  await within(
    15_000,
    Promise.all(channels.map((c) => c.stop(deadline))),
    "parallel stops should end by their shared deadline",
  );
  assert(channels.every((c) => c.isClosed));
  await assertNoLeftovers(channels.map((c) => c.pid!));
});

Deno.test("stop: output held open by a process outside the group does not hang stop", async () => {
  await using h = await harness();
  const marker = `0.000${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  try {
    const channel = await h.start("escaped-grandchild", { args: [marker] });
    await withTimeout(channel.ready, 10_000, "ready");
    await within(
      15_000,
      channel.stop(Date.now() + 2_000),
      "stop should give up on output held by a process outside the group",
    );
    assertEquals((await channel.closed).code, 0);
    assertStringIncludes(h.logText("escaped-grandchild"), "[zot] output still open after exit");
  } finally {
    for (const p of processesMatching(marker)) Deno.kill(p.pid, "SIGKILL");
    await until(() => processesMatching(marker).length === 0, 5_000, "escaped sleep gone");
  }
});
