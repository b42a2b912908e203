import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { within } from "../helpers/wait.ts";
import { spawnExtension } from "../../src/extensions/process/mod.ts";
import { probeWorld } from "./_probe.ts";

// A sandboxed extension that exhausts its heap dies by SIGTRAP, which says
// nothing about memory: the close reason says it ran out of its budget.

Deno.test("a sandboxed extension out of heap is reported as out of its memory budget", async () => {
  await using w = await probeWorld({ memory: 64 });
  const identity = { zotVersion: "t", provider: "p", model: "m", cwd: w.paths.cwd };
  const started = await spawnExtension(w.source, { paths: w.paths, identity });
  if (!started.ok) throw new Error(started.error);
  const channel = started.channel;
  try {
    await channel.ready;
    const call = channel.request({
      type: "tool_call",
      id: "t1",
      name: "probe",
      args: { probe: "oom" },
    }).catch((e: Error) => e.message);
    const closed = await within(60_000, channel.closed, "the runner to die of its heap limit");
    assertEquals(
      closed.reason,
      'ran out of its memory budget (killed by SIGTRAP; raise "memory" in the scope of its extension.json)',
    );
    assertEquals(closed.signal, "SIGTRAP");
    assertStringIncludes(String(await call), "disconnected");
  } finally {
    await channel.stop(Date.now());
  }
});
