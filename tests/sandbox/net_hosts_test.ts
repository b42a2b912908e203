/**
 * Network grants name what they reach: numeric hosts in the old URL forms
 * (decimal, octal, hex, short), the unspecified addresses and IPv4 written as
 * IPv6 are refused at load, other hosts are stored in one spelling, and
 * consent says when a host is this machine or the local network. The
 * end-to-end cases run a real HTTP server on 127.0.0.1 and check that no
 * spelling of it reaches the server.
 */

import { assert, assertEquals, assertMatch, assertStringIncludes } from "../helpers/assert.ts";
import { parseScope } from "../../src/scope/parse.ts";
import { describeScope } from "../../src/sandbox/describe.ts";
import { httpServer } from "./_servers.ts";
import { probeScopeProblem, probeWorld, startProbe } from "./_probe.ts";

/** Each of these reaches 127.0.0.1 (or every local address) once a URL parser reads it. */
const LOOPBACK_IN_DISGUISE = [
  "0.0.0.0",
  "2130706433",
  "0x7f000001",
  "127.1",
  "0177.0.0.1",
  "0x7f.1",
  "127.0.0.01",
  "[::]",
  "[::ffff:7f00:1]",
  "[::ffff:127.0.0.1]",
  "[::127.0.0.1]",
  "[0:0:0:0:0:0:0:0]",
];

function netErrors(net: string[]): string {
  const r = parseScope({ net });
  assert(!r.ok, `expected ${JSON.stringify(net)} to be refused`);
  return r.errors.join("\n");
}

Deno.test("ambiguous numeric hosts are refused, with the host and the plain spelling", () => {
  for (const h of LOOPBACK_IN_DISGUISE) {
    for (const entry of [h, `${h}:8080`]) {
      const err = netErrors([entry]);
      assertStringIncludes(err, `scope.net[0]: "${entry}"`);
    }
  }
  assertStringIncludes(netErrors(["2130706433"]), "four decimal numbers");
  assertStringIncludes(netErrors(["0.0.0.0:80"]), `grant "127.0.0.1"`);
  assertStringIncludes(netErrors(["[::ffff:7f00:1]"]), `grant "127.0.0.1" instead`);
  assertStringIncludes(netErrors(["[::]"]), `grant "[::1]"`);
});

Deno.test("international names must be written in their xn-- form", () => {
  assertStringIncludes(netErrors(["bücher.example"]), `"xn--" form`);
  assertStringIncludes(netErrors(["ｅｘａｍｐｌｅ.com"]), `"xn--" form`);
  const r = parseScope({ net: ["XN--Bcher-kva.Example"] });
  assert(r.ok);
  assertEquals(r.scope.net, ["xn--bcher-kva.example"]);
});

Deno.test("import hosts follow the same rule as net hosts", () => {
  const r = parseScope({ import: ["0x7f000001:8000"] });
  assert(!r.ok);
  assertStringIncludes(r.errors.join("\n"), "four decimal numbers");
});

Deno.test("hosts are stored in one spelling: lower case, no trailing dot, short IPv6", () => {
  const r = parseScope({
    net: ["API.Example.COM.:443", "[0:0:0:0:0:0:0:1]:8080", "[2001:DB8:0:0:1:0:0:1]", "127.0.0.1"],
  });
  assert(r.ok, !r.ok ? r.errors.join("\n") : "");
  assertEquals(r.scope.net, [
    "127.0.0.1",
    "[2001:db8::1:0:0:1]",
    "[::1]:8080",
    "api.example.com:443",
  ]);
});

Deno.test("consent spells out loopback, local-network and link-local grants", () => {
  const r = parseScope({
    net: ["127.0.0.1", "localhost:3000", "[::1]", "10.1.2.3", "192.168.0.9:22", "169.254.169.254"],
  });
  assert(r.ok);
  const text = describeScope(r.scope).join("\n");
  assertStringIncludes(text, "127.0.0.1 (this machine: every service on it, on any port)");
  assertStringIncludes(text, "[::1] (this machine: every service on it, on any port)");
  assertStringIncludes(text, "localhost:3000 (a service on this machine)");
  assertStringIncludes(text, "10.1.2.3 (your local network, any port)");
  assertStringIncludes(text, "192.168.0.9:22 (your local network)");
  assertStringIncludes(text, "169.254.169.254 (the link-local network");
  const pub = parseScope({ net: ["api.example.com"] });
  assert(pub.ok);
  assertStringIncludes(describeScope(pub.scope).join("\n"), "api.example.com (any port)");
});

Deno.test("no disguised spelling of 127.0.0.1 starts an extension that reaches a local server", async () => {
  await using server = httpServer();
  for (const h of ["0.0.0.0", "2130706433", "0x7f000001", "127.1", "[::]", "[::ffff:7f00:1]"]) {
    for (const entry of [h, `${h}:${server.port}`]) {
      const problem = await probeScopeProblem({ net: [entry] });
      assert(problem !== undefined, `${entry} must not load`);
      assertStringIncludes(problem, `manifest: invalid scope: scope.net[0]: "${entry}"`);
    }
  }
  assertEquals(server.hits, 0);
});

Deno.test("a grant of another local port does not reach the server through a numeric alias", async () => {
  await using server = httpServer();
  await using other = httpServer();
  await using w = await probeWorld({ net: [`127.0.0.1:${other.port}`] });
  await using p = await startProbe(w);
  for (const alias of ["2130706433", "0x7f000001", "127.1", "0.0.0.0", "[::ffff:7f00:1]"]) {
    const text = await p.call("fetch", { url: `http://${alias}:${server.port}/` });
    assertMatch(text, /^NotCapable: Requires net access/, alias);
  }
  assertEquals(server.hits, 0);
  assertEquals(await p.call("fetch", { url: `http://127.0.0.1:${other.port}/` }), "ok: hello");
});
