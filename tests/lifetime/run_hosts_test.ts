/**
 * A `run` grant in a scope that names network hosts: the programs the
 * extension starts reach those hosts and no other. Two HTTP servers listen on
 * 127.0.0.1; the scope grants one of them. The probe's shell fetches both
 * through the proxy its environment names, connects to the granted one
 * directly (no network of its own: refused), and the extension fetches the
 * granted one itself. zot's key and state stay out of sight as without hosts.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { probeHome } from "./_run_probe.ts";

/** Two servers on 127.0.0.1 answering with their own name; closed by `using`. */
function twoServers() {
  const serve = (body: string) =>
    Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response(body));
  const granted = serve("granted-server");
  const other = serve("other-server");
  const url = (s: Deno.HttpServer<Deno.NetAddr>) => `http://127.0.0.1:${s.addr.port}/`;
  return {
    granted: url(granted),
    grantedHost: `127.0.0.1:${granted.addr.port}`,
    other: url(other),
    async [Symbol.asyncDispose]() {
      await granted.shutdown();
      await other.shutdown();
    },
  };
}

async function probeHosts(scope: Record<string, unknown> = {}) {
  await using servers = twoServers();
  const r = await probeHome(
    { net: [servers.grantedHost], ...scope },
    { granted: servers.granted, other: servers.other },
  );
  assertEquals(r.run.code, 0, r.run.stderr);
  assertStringIncludes(r.probe, "== done", `${r.probe}\n${r.run.stderr}`);
  return r;
}

Deno.test("run grant with hosts: a program reaches the granted host through the proxy", async () => {
  const r = await probeHosts();
  await using _z = r.z;
  assertStringIncludes(r.section("granted-host", "other-host"), "granted-server", r.probe);
});

Deno.test("run grant with hosts: a program cannot reach a host the scope does not name", async () => {
  const r = await probeHosts();
  await using _z = r.z;
  const other = r.section("other-host", "raw-granted");
  assert(!other.includes("other-server"), `an ungranted host was reachable:\n${r.probe}`);
  assert(other.trim() !== "", r.probe);
  // The port the scope does not name, connected to directly: no network of its own either.
  assert(!r.net.includes("connected"), `a local port was reachable:\n${r.probe}`);
});

Deno.test("run grant with hosts: a direct connection, around the proxy, goes nowhere", async () => {
  const r = await probeHosts();
  await using _z = r.z;
  const raw = r.section("raw-granted", "done");
  assert(!raw.includes("connected"), `the program had a network of its own:\n${r.probe}`);
});

Deno.test("run grant with hosts: the extension's own fetch of the granted host still works", async () => {
  const r = await probeHosts();
  await using _z = r.z;
  assertStringIncludes(r.probe.split("== ext-fetch\n")[1] ?? "", "granted-server", r.probe);
});

Deno.test("run grant with hosts: zot's key, state and the home stay hidden", async () => {
  const r = await probeHosts({ read: ["${home}/notes"] });
  await using _z = r.z;
  assert(!r.probe.includes("ANTHROPIC_API_KEY"), `zot's environment was readable:\n${r.probe}`);
  assertStringIncludes(r.section("auth", "home"), "No such file");
  assert(!r.secret.includes("PRIVATE-KEY-MATERIAL"), `the home was readable:\n${r.probe}`);
  assertStringIncludes(r.granted, "granted-note", r.probe);
});
