/**
 * The escape suite: a sandboxed probe tries to reach what its scope does not
 * grant, through Deno APIs, node: built-ins, imports and prompts, and must
 * get Deno's refusal while the host (this test process) carries on.
 */

import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "../helpers/assert.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { httpServer, tcpServer } from "./_servers.ts";
import { type ProbeWorld, probeWorld, startProbe } from "./_probe.ts";
import { scopeOf } from "../helpers/manifest.ts";

const NOT_CAPABLE = /^NotCapable: Requires /;

Deno.test("reading a key outside the scope is refused", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const text = await p.call("read_file", { path: join(w.home, ".ssh", "id_rsa") });
  assertMatch(text, NOT_CAPABLE);
  assertStringIncludes(text, "read access");
});

Deno.test("node:fs cannot read outside the scope", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assertMatch(await p.call("node_fs", { path: join(w.home, ".ssh", "id_rsa") }), NOT_CAPABLE);
});

Deno.test("an environment secret is neither readable nor passed to the runner", async () => {
  await using w = await probeWorld(undefined, { hostEnv: { SECRET_TOKEN: "s3cret" } });
  await using p = await startProbe(w);
  assertEquals(p.plan.clearEnv, true);
  assert(!JSON.stringify(p.plan.env).includes("s3cret"));
  assertEquals(
    await p.call("env", { name: "SECRET_TOKEN" }).then((t) => NOT_CAPABLE.test(t)),
    true,
  );
  assertMatch(await p.call("env_all"), NOT_CAPABLE);
});

Deno.test("process.env cannot read a secret", async () => {
  await using w = await probeWorld(undefined, { hostEnv: { SECRET_TOKEN: "s3cret" } });
  await using p = await startProbe(w);
  assertMatch(await p.call("process_env", { name: "SECRET_TOKEN" }), NOT_CAPABLE);
});

Deno.test("the runner configuration is gone before the extension runs", async () => {
  await using w = await probeWorld({ env: ["__ZOT_*"] });
  await using p = await startProbe(w);
  assertEquals(await p.call("env", { name: "__ZOT_SANDBOX_RUNNER_CONFIG" }), "ok: undefined");
});

Deno.test("writing outside the data directory is refused", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const text = await p.call("write_file", { path: join(w.root, "outside.txt") });
  assertMatch(text, NOT_CAPABLE);
  assertStringIncludes(text, "write access");
});

Deno.test("an extension cannot rewrite its own manifest", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const before = await Deno.readTextFile(w.source.manifestPath);
  assertMatch(await p.call("write_file", { path: w.source.manifestPath, text: "{}" }), NOT_CAPABLE);
  assertEquals(await Deno.readTextFile(w.source.manifestPath), before);
});

Deno.test("spawning a process is refused", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const text = await p.call("run", { cmd: "/usr/bin/id" });
  assertMatch(text, NOT_CAPABLE);
  assertStringIncludes(text, "run access");
});

Deno.test("node:child_process cannot spawn", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assertMatch(await p.call("node_child_process"), NOT_CAPABLE);
});

Deno.test("connecting to an ungranted loopback port is refused", async () => {
  await using server = tcpServer();
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const text = await p.call("connect", { hostname: "127.0.0.1", port: server.port });
  assertStringIncludes(text, `NotCapable: Requires net access to "127.0.0.1:${server.port}"`);
});

Deno.test("a grant for one port does not open another", async () => {
  await using granted = tcpServer();
  await using other = tcpServer();
  await using w = await probeWorld({ net: [`127.0.0.1:${granted.port}`] });
  await using p = await startProbe(w);
  assertEquals(
    await p.call("connect", { hostname: "127.0.0.1", port: granted.port }),
    "ok: connected",
  );
  assertMatch(await p.call("connect", { hostname: "127.0.0.1", port: other.port }), NOT_CAPABLE);
});

Deno.test("node:net cannot connect to loopback", async () => {
  await using server = tcpServer();
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assertMatch(await p.call("node_net", { port: server.port }), NOT_CAPABLE);
});

Deno.test("fetch to loopback is refused", async () => {
  await using server = httpServer();
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assertMatch(await p.call("fetch", { url: `http://127.0.0.1:${server.port}/` }), NOT_CAPABLE);
});

Deno.test("Deno.dlopen is refused", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assertStringIncludes(await p.call("dlopen"), "NotCapable: Requires ffi access");
});

Deno.test("a nested Worker cannot ask for more permissions", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assertStringIncludes(
    await p.call("worker_escalate"),
    "NotCapable: Can't escalate parent thread permissions",
  );
});

Deno.test("an npm: import is refused", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assertStringIncludes(await p.call("import", { specifier: "npm:is-odd@3.0.1" }), "--no-npm");
});

Deno.test("a module outside the extension directory is not imported without a read grant", async () => {
  await using w = await probeWorld();
  const outside = join(w.root, "outside.ts");
  await Deno.writeTextFile(outside, "export const secret = 1;\n");
  await using p = await startProbe(w);
  const text = await p.call("import", { specifier: `file://${outside}` });
  assertStringIncludes(text, `Requires read access to "${outside}"`);
});

Deno.test("a remote module from an ungranted host is refused", async () => {
  await using server = httpServer();
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const text = await p.call("import", { specifier: `http://127.0.0.1:${server.port}/mod.js` });
  // Deno's own refusal, before any request: not a failed fetch or a missing module.
  assertStringIncludes(
    text,
    `TypeError: Requires import access to "127.0.0.1:${server.port}", run again with the --allow-import flag`,
  );
  assertEquals(server.hits, 0);
});

Deno.test("a remote module from another host than the granted one is refused", async () => {
  await using granted = httpServer();
  await using other = httpServer();
  await using w = await probeWorld({ import: [`127.0.0.1:${granted.port}`] });
  await using p = await startProbe(w);
  const text = await p.call("import", { specifier: `http://127.0.0.1:${other.port}/mod.js` });
  assertStringIncludes(text, `Requires import access to "127.0.0.1:${other.port}"`);
  assertEquals(other.hits, 0);
});

Deno.test("permission requests come back denied without prompting", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  for (const name of ["env", "read", "run", "net", "ffi"]) {
    assertEquals(await p.call("request", { name }), "ok: denied", name);
  }
});

Deno.test("exhausting memory kills the runner and the host carries on", async () => {
  await using w = await probeWorld({ memory: 64 });
  await using p = await startProbe(w);
  const gone = p.exited();
  await p.call("oom").catch(() => "");
  const { code, stderr } = await gone;
  assert(code !== 0, `exit code ${code}`);
  assertStringIncludes(stderr, "heap");
  // The host is fine and can start the extension again.
  await using again = await startProbe(w);
  assertEquals(await again.call("helper"), "ok: helper loaded");
});

Deno.test("memory outside the heap is capped too (Linux data limit)", {
  ignore: Deno.build.os !== "linux",
}, async () => {
  await using w = await probeWorld({ memory: 64 });
  await using p = await startProbe(w);
  assertEquals(await p.call("buffers", { mb: 4000 }), "RangeError: Array buffer allocation failed");
  assertEquals(await p.call("helper"), "ok: helper loaded");
});

Deno.test("a symlink in the data directory leading outward refuses the launch", async () => {
  await using w = await probeWorld();
  const data = join(w.paths.extensionData, "probe");
  await Deno.mkdir(data, { recursive: true });
  await Deno.symlink(join(w.home, ".ssh"), join(data, "keys"));
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok);
  assertStringIncludes(
    res.error,
    `Cannot start extension "probe": "${join(data, "keys")}" is a symlink to`,
  );
});

Deno.test("a symlink in a granted project directory leading outward refuses the launch", async () => {
  await using w = await probeWorld({ read: ["${project}"] });
  await Deno.mkdir(join(w.paths.cwd, "src"), { recursive: true });
  await Deno.symlink(join(w.home, ".ssh", "id_rsa"), join(w.paths.cwd, "src", "key"));
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok);
  assertStringIncludes(res.error, "outside what the scope grants");
});

Deno.test("a granted project path that is a symlink leading out of the project is refused", async () => {
  await using w = await probeWorld({ read: ["${project}/config.json"] });
  await Deno.symlink(join(w.home, ".ssh", "id_rsa"), join(w.paths.cwd, "config.json"));
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok);
  assertStringIncludes(
    res.error,
    `scope.read "\${project}/config.json" leads through a symlink to`,
  );
});

Deno.test("a data directory that is itself a symlink is refused", async () => {
  await using w = await probeWorld();
  await Deno.mkdir(w.paths.extensionData, { recursive: true });
  await Deno.symlink(w.home, join(w.paths.extensionData, "probe"));
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok);
  assertStringIncludes(res.error, "is a symlink (remove it; zot recreates it)");
});

Deno.test("a symlink in the data directory to the extension directory refuses the launch", async () => {
  await using w = await probeWorld();
  const data = join(w.paths.extensionData, "probe");
  await Deno.mkdir(data, { recursive: true });
  await Deno.symlink(w.extDir, join(data, "self"));
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok, "a write through the link would rewrite the manifest");
  assertStringIncludes(res.error, `"${join(data, "self")}" is a symlink to`);
});

Deno.test("an exec symlinked outside the extension directory is refused", async () => {
  await using w = await probeWorld();
  const outside = join(w.root, "evil.ts");
  await Deno.writeTextFile(outside, "export {};\n");
  await Deno.symlink(outside, join(w.extDir, "evil.ts"));
  w.source.manifest.exec = "./evil.ts";
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok);
  assertStringIncludes(res.error, "outside the extension directory");
});

Deno.test("a scope may not grant write access to the extension's own directory", async () => {
  await using w = await probeWorld({ write: ["${extension}"] });
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok);
  assertStringIncludes(res.error, "may not cover the extension's own directory");
});

Deno.test("a scope may not grant write access to zot's state (grants.json, or all of ZOT_HOME)", async () => {
  for (const write of [(w: ProbeWorld) => w.paths.grants, (w: ProbeWorld) => w.paths.home]) {
    await using w = await probeWorld({ write: [] });
    w.source.manifest.scope = scopeOf({ write: [write(w)] });
    const res = await planSandboxLaunch(w.source, {
      paths: w.paths,
      explicit: true,
      hostEnv: w.hostEnv,
    });
    assert(!res.ok);
    assertStringIncludes(res.error, `scope.write may not cover zot's state directory`);
  }
});

Deno.test("children of an allowed command do not inherit zot's environment", async () => {
  await using w = await probeWorld({ run: ["env"] }, { hostEnv: { SECRET_TOKEN: "s3cret" } });
  await using p = await startProbe(w);
  const text = await p.call("run", { cmd: "env" });
  assert(text.startsWith("ok:"), text);
  assert(!text.includes("SECRET_TOKEN"), text);
  assert(!text.includes("__ZOT_SANDBOX_RUNNER_CONFIG"), text);
});
