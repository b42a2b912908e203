/**
 * The positive side of the escape suite: exactly what a scope grants works
 * inside the sandbox, and the runner carries exit codes and errors out.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { httpServer, tcpServer } from "./_servers.ts";
import { probeWorld, startProbe } from "./_probe.ts";
import { pathKey } from "../../src/config/path_key.ts";

Deno.test("a granted project file can be read", async () => {
  await using w = await probeWorld({ read: ["${project}/notes.txt"] });
  await Deno.writeTextFile(join(w.paths.cwd, "notes.txt"), "project notes\n");
  await using p = await startProbe(w);
  assertEquals(
    await p.call("read_file", { path: join(w.paths.cwd, "notes.txt") }),
    "ok: project notes",
  );
});

Deno.test("the data directory is private, writable and outside the install", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const data = join(w.paths.extensionData, "probe");
  assertEquals(p.plan.dataDir, await Deno.realPath(data));
  assertEquals((await Deno.stat(data)).mode! & 0o777, 0o700);
  assertEquals(
    await p.call("write_file", { path: join(data, "state.json"), text: "{}" }),
    "ok: written",
  );
  assertEquals(await Deno.readTextFile(join(data, "state.json")), "{}");
});

Deno.test("a project extension's data directory is its project's, not a global namesake's", async () => {
  await using w = await probeWorld(undefined, { kind: "project" });
  await using p = await startProbe(w);
  const key = await pathKey(await Deno.realPath(w.paths.cwd));
  const data = join(w.paths.projectExtensionData, key, "probe");
  assertEquals(p.plan.dataDir, await Deno.realPath(data));
  assertEquals(
    await p.call("write_file", { path: join(w.paths.extensionData, "probe", "x"), text: "{}" }),
    `NotCapable: Requires write access to "${
      join(w.paths.extensionData, "probe", "x")
    }", which this extension's scope does not grant (add "${
      join(w.paths.extensionData, "probe", "x")
    }" to scope.write in extension.json)`,
  );
});

Deno.test("a granted loopback port can be reached with connect and fetch", async () => {
  await using tcp = tcpServer();
  await using http = httpServer();
  await using w = await probeWorld({ net: [`127.0.0.1:${tcp.port}`, `127.0.0.1:${http.port}`] });
  await using p = await startProbe(w);
  assertEquals(await p.call("connect", { hostname: "127.0.0.1", port: tcp.port }), "ok: connected");
  assertEquals(await p.call("fetch", { url: `http://127.0.0.1:${http.port}/` }), "ok: hello");
});

Deno.test("a granted variable wildcard passes exactly the matching variables", async () => {
  await using w = await probeWorld({ env: ["WEATHER_*"] }, {
    hostEnv: { WEATHER_KEY: "k1", SECRET_TOKEN: "s3cret" },
  });
  await using p = await startProbe(w);
  assertEquals(await p.call("env", { name: "WEATHER_KEY" }), "ok: k1");
  assertEquals(await p.call("process_env", { name: "WEATHER_KEY" }), "ok: k1");
  assert(!JSON.stringify(p.plan.env).includes("s3cret"));
});

Deno.test("a granted command runs", async () => {
  await using w = await probeWorld({ run: ["echo"] });
  await using p = await startProbe(w);
  assertEquals(await p.call("run", { cmd: "echo", args: ["hi there"] }), "ok: hi there");
});

Deno.test("a granted sys API works", async () => {
  await using w = await probeWorld({ sys: ["hostname"] });
  await using p = await startProbe(w);
  assertEquals(await p.call("hostname"), `ok: ${Deno.hostname()}`);
  assertStringIncludes(await p.call("os_release"), "NotCapable: Requires sys access");
});

Deno.test("a module from a granted import host loads", async () => {
  await using http = httpServer();
  await using w = await probeWorld({ import: [`127.0.0.1:${http.port}`] });
  await using p = await startProbe(w);
  assertEquals(
    await p.call("import", { specifier: `http://127.0.0.1:${http.port}/mod.js` }),
    `ok: ["answer"]`,
  );
});

Deno.test("relative imports load and Deno.args are the manifest args", async () => {
  await using w = await probeWorld();
  w.source.manifest.args = ["--mode", "daemon"];
  await using p = await startProbe(w);
  assertEquals(p.hello.name, "probe");
  assertEquals(await p.call("helper"), "ok: helper loaded");
  assertEquals(await p.call("args"), `ok: ["--mode","daemon"]`);
});

Deno.test("Deno.exit carries its code out of the runner", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const done = p.exited();
  await p.call("exit", { code: 7 }).catch(() => "");
  assertEquals((await done).code, 7);
});

Deno.test("process.exit carries its code out of the runner", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const done = p.exited();
  await p.call("process_exit", { code: 4 }).catch(() => "");
  assertEquals((await done).code, 4);
});

Deno.test("an uncaught error is reported and exits 1", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  const done = p.exited();
  await p.call("throw_later", { message: "boom-in-timer" }).catch(() => "");
  const { code, stderr } = await done;
  assertEquals(code, 1);
  assertStringIncludes(stderr, `extension "probe" failed`);
  assertStringIncludes(stderr, "boom-in-timer");
});

Deno.test("stdin EOF ends the extension and the runner exits 0", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assertEquals((await p.finish()).code, 0);
});

Deno.test("--ext runs print the scope they run with", async () => {
  await using w = await probeWorld({ net: ["api.example.com:443"], env: ["WEATHER_*"] });
  await using p = await startProbe(w);
  const notes = (p.plan.notes ?? []).join("\n");
  assertStringIncludes(notes, `extension "probe" runs sandboxed`);
  assertStringIncludes(notes, "connect to: api.example.com:443");
  assertStringIncludes(notes, "read environment variables: WEATHER_*");
});
