import { allProcesses } from "../../helpers/procs.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { withTimeout } from "../../helpers/wait.ts";
import { assertNoLeftovers, harness } from "./_helpers.ts";

Deno.test("stop: a well-behaved extension exits on shutdown without signals", async () => {
  await using h = await harness();
  const channel = await h.start("hello-sh");
  await withTimeout(channel.ready, 10_000, "ready");
  const first = channel.stop(Date.now() + 2_000);
  assert(channel.stop(Date.now()) === first, "stop is idempotent");
  await first;
  assertEquals(await channel.closed, { reason: "stopped (exited with status 0)", code: 0 });
  const log = h.logText("hello-sh");
  assert(!log.includes("SIGTERM"), log);
  await assertNoLeftovers([channel.pid!]);
});

Deno.test("stop: an extension ignoring shutdown and SIGTERM is killed with its group", async () => {
  await using h = await harness();
  const channel = await h.start("ignore-shutdown");
  await withTimeout(channel.ready, 10_000, "ready");
  await channel.stop(Date.now());
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
  const group = allProcesses().filter((p) => p.pgid === pid);
  assert(group.some((p) => p.cmdline.startsWith("sleep")), JSON.stringify(group));
  await channel.stop(Date.now() + 2_000);
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
  await Promise.all(channels.map((c) => c.stop(deadline)));
  assert(channels.every((c) => c.isClosed));
  await assertNoLeftovers(channels.map((c) => c.pid!));
});
