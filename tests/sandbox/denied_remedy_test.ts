/**
 * A sandboxed extension that catches a denied permission and reports it
 * itself (the probe does: "<name>: <message>") reads the scope entry to add,
 * not Deno's `--allow-…` flag, whichever API was denied; the denial itself
 * stands. Run again through the Worker runner by worker_runner_test.ts.
 */

import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { httpServer, tcpServer } from "./_servers.ts";
import { probeWorld, startProbe } from "./_probe.ts";

const DENO_HINT = /run again with the --allow-\w+ flag/;
const SCOPE = "which this extension's scope does not grant";

Deno.test("a caught net denial names the scope.net entry (Deno.connect, fetch, node:net)", async () => {
  await using tcp = tcpServer();
  await using http = httpServer();
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const want = (port: number) =>
    `NotCapable: Requires net access to "127.0.0.1:${port}", ${SCOPE} ` +
    `(add "127.0.0.1:${port}" to scope.net in extension.json)`;
  assertEquals(await p.call("connect", { hostname: "127.0.0.1", port: tcp.port }), want(tcp.port));
  assertEquals(await p.call("fetch", { url: `http://127.0.0.1:${http.port}/` }), want(http.port));
  assertEquals(await p.call("node_net", { port: tcp.port }), want(tcp.port));
});

Deno.test("caught read, env, run and sys denials name their scope entries", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const key = join(w.home, ".ssh", "id_rsa");
  const cases: [string, Record<string, unknown>, string][] = [
    [
      "read_file",
      { path: key },
      `Requires read access to "${key}", ${SCOPE} (add "${key}" to scope.read`,
    ],
    [
      "node_fs",
      { path: key },
      `Requires read access to "${key}", ${SCOPE} (add "${key}" to scope.read`,
    ],
    ["env", { name: "SECRET_TOKEN" }, `(add "SECRET_TOKEN" to scope.env in extension.json)`],
    ["run", { cmd: "/usr/bin/id" }, `(add "/usr/bin/id" to scope.run in extension.json)`],
    ["hostname", {}, `(add "hostname" to scope.sys in extension.json)`],
  ];
  for (const [probe, args, want] of cases) {
    const text = await p.call(probe, args);
    assert(text.startsWith("NotCapable: Requires "), `${probe}: ${text}`);
    assert(text.includes(want), `${probe}: ${text}`);
    assert(!DENO_HINT.test(text), `${probe}: ${text}`);
  }
  // Never grantable: no scope entry is offered.
  assertEquals(
    await p.call("dlopen"),
    `NotCapable: Requires ffi access to "libc.so.6", which a sandboxed extension never gets`,
  );
});

Deno.test("a caught denial stays a NotCapable whose stack carries the remedy, and stays denied", async () => {
  await using w = await probeWorld(undefined, { hostEnv: { SECRET_TOKEN: "s3cret" } });
  await using p = await startProbe(w);
  const seen = JSON.parse((await p.call("caught_denial", { name: "SECRET_TOKEN" })).slice(4));
  assertEquals(seen.notCapable, true);
  assertEquals(seen.name, "NotCapable");
  assertMatch(seen.stack, /^NotCapable: Requires env access to "SECRET_TOKEN", which this/);
  // Asking again is denied again: only the words changed.
  assertMatch(await p.call("env", { name: "SECRET_TOKEN" }), /^NotCapable: /);
});
