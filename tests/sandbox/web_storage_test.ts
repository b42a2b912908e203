/**
 * Web storage needs no Deno permission, so it must not be a channel between
 * extensions nor an unbounded store outside the data directory: the storage
 * globals are gone in the extension's realm, and the runner's Deno directory
 * cannot hold origin storage, so nested Workers and `node:worker_threads`
 * workers cannot store anything either. Two extensions run under one zot
 * home, as installed extensions do.
 */

import { join } from "node:path";
import { assert, assertEquals, assertNotEquals } from "../helpers/assert.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import { LOCATION_DATA, SANDBOX_DENO_DIR } from "../../src/sandbox/web_storage.ts";
import {
  type Probe,
  PROBE_DIR,
  type ProbeWorld,
  probeWorld,
  runnerMode,
  spawnPlan,
} from "./_probe.ts";

/** A second copy of the probe, named `name`, beside the world's own. */
async function sibling(w: ProbeWorld, name: string): Promise<ExtensionSource> {
  const dir = join(w.root, "exts", name);
  await Deno.mkdir(dir, { recursive: true });
  for (const f of ["probe.ts", "helper.ts"]) await Deno.copyFile(join(PROBE_DIR, f), join(dir, f));
  const raw = { name, exec: "./probe.ts" };
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(raw));
  return {
    manifest: { name, exec: "./probe.ts", enabled: true, raw },
    dir,
    manifestPath: join(dir, "extension.json"),
    kind: "explicit",
  };
}

async function start(w: ProbeWorld, source: ExtensionSource): Promise<Probe> {
  const planned = await planSandboxLaunch(source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
    worker: runnerMode.worker,
  });
  if (!planned.ok) throw new Error(planned.error);
  return await spawnPlan(planned.plan);
}

Deno.test("web storage globals are absent in a sandboxed extension", async () => {
  await using w = await probeWorld();
  await using p = await start(w, w.source);
  assertEquals(await p.call("web_globals"), "ok: []");
  assertEquals(
    await p.call("web_storage", { api: "localStorage", key: "t", value: "v" }),
    "ok: absent",
  );
  assertEquals(
    await p.call("web_storage", { api: "sessionStorage", key: "t", value: "v" }),
    "ok: absent",
  );
  assertEquals(await p.call("cache_main", { op: "put", key: "t", value: "v" }), "ok: absent");
});

for (const realm of ["cache_worker", "cache_node_worker"]) {
  Deno.test(`one extension cannot hand another a token through the Cache API (${realm})`, async () => {
    await using w = await probeWorld();
    const other = await sibling(w, "other");
    {
      await using writer = await start(w, w.source);
      const put = await writer.call(realm, { op: "put", key: "token", value: "sk-secret-token" });
      assertNotEquals(put, "ok: stored", "a nested realm stored web cache data");
    }
    await using reader = await start(w, other);
    const got = await reader.call(realm, { op: "get", key: "token" });
    assert(!got.includes("sk-secret-token"), got);
    assert(got.startsWith("ok: Error: Failed to create cache storage directory"), got);
  });
}

Deno.test("a 64 MB Cache API write stores nothing anywhere", async () => {
  await using w = await probeWorld();
  {
    await using p = await start(w, w.source);
    const put = await p.call("cache_worker", { op: "put", key: "big", mb: 64 });
    assertNotEquals(put, "ok: stored");
  }
  const blocker = join(w.paths.home, SANDBOX_DENO_DIR, LOCATION_DATA);
  assert((await Deno.lstat(blocker)).isFile, "the runner's location_data must stay a file");
  for await (const big of walkFiles(w.root)) {
    assert(big.size < 16 * 1024 * 1024, `${big.path} holds ${big.size} bytes`);
  }
});

Deno.test("a location_data directory left in zot's sandbox Deno directory is replaced", async () => {
  await using w = await probeWorld();
  const stale = join(w.paths.home, SANDBOX_DENO_DIR, LOCATION_DATA, "web_cache", "x");
  await Deno.mkdir(stale, { recursive: true });
  await Deno.writeTextFile(join(stale, "token"), "sk-secret-token");
  await using p = await start(w, w.source);
  assertEquals(p.plan.env?.DENO_DIR, join(w.paths.home, SANDBOX_DENO_DIR));
  assert((await Deno.lstat(join(w.paths.home, SANDBOX_DENO_DIR, LOCATION_DATA))).isFile);
  const got = await p.call("cache_worker", { op: "get", key: "token" });
  assert(!got.includes("sk-secret-token"), got);
});

async function* walkFiles(dir: string): AsyncGenerator<{ path: string; size: number }> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* walkFiles(path);
    else if (e.isFile) yield { path, size: (await Deno.stat(path)).size };
  }
}

Deno.test("extensions starting at the same moment all get the sandbox Deno directory", async () => {
  await using w = await probeWorld();
  const others = await Promise.all(["a", "b", "c", "d"].map((n) => sibling(w, n)));
  const plans = await Promise.all(
    others.map((source) =>
      planSandboxLaunch(source, { paths: w.paths, explicit: true, hostEnv: w.hostEnv })
    ),
  );
  for (const p of plans) assert(p.ok, !p.ok ? p.error : "");
  assert((await Deno.lstat(join(w.paths.home, SANDBOX_DENO_DIR, LOCATION_DATA))).isFile);
});
