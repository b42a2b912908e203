/** Consent at start: grants pinned to a scope, widening refused with what grew. */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { findGrant, saveRecord } from "../../src/sandbox/grants.ts";
import { parseScope } from "../../src/scope/parse.ts";
import type { Scope } from "../../src/scope/scope.ts";
import { isCompiled, permissionFlags, runnerCommand } from "../../src/sandbox/command.ts";
import { probeScopeProblem, probeWorld } from "./_probe.ts";

/** Store a grant of `granted` for the probe as `zot ext grant` would. */
function saveGrant(grants: string, dir: string, name: string, granted: Scope): Promise<void> {
  const record = { name, exec: "./probe.ts", kind: "sandboxed" as const, scope: granted };
  return saveRecord(grants, dir, { ...record, manifestSha256: "", via: "grant" });
}

function scope(raw: unknown): Scope {
  const r = parseScope(raw);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.scope;
}

Deno.test("an installed extension with least privilege needs no grant", async () => {
  await using w = await probeWorld(undefined, { kind: "global" });
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: false,
    hostEnv: w.hostEnv,
  });
  assert(res.ok, res.ok ? "" : res.error);
  assertEquals(res.plan.sandboxed, true);
  assertEquals(res.plan.notes, undefined);
});

Deno.test("an ungranted scope does not start", async () => {
  await using w = await probeWorld({ net: ["api.example.com:443"] }, { kind: "global" });
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: false,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok);
  assertEquals(
    res.error,
    `Cannot start extension "probe": its scope has not been granted (it asks for net: +api.example.com:443) (run "zot ext grant probe")`,
  );
});

Deno.test("a widened scope does not start and says what widened", async () => {
  await using w = await probeWorld({ net: ["api.example.com:443", "127.0.0.1"] }, {
    kind: "global",
  });
  await saveGrant(w.paths.grants, w.extDir, "probe", scope({ net: ["127.0.0.1"] }));
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: false,
    hostEnv: w.hostEnv,
  });
  assert(!res.ok);
  assertEquals(
    res.error,
    `Cannot start extension "probe": its scope widened since you granted it (net: +api.example.com:443) (run "zot ext grant probe")`,
  );
});

Deno.test("a granted scope starts, and a narrower one too", async () => {
  await using w = await probeWorld({ net: ["127.0.0.1:8080"] }, { kind: "global" });
  await saveGrant(w.paths.grants, w.extDir, "probe", scope({ net: ["127.0.0.1"] }));
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: false,
    hostEnv: w.hostEnv,
  });
  assert(res.ok, res.ok ? "" : res.error);
  const stored = await findGrant(w.paths.grants, w.extDir);
  assertEquals(stored?.scope?.net, ["127.0.0.1"]);
  assertEquals((await Deno.stat(w.paths.grants)).mode! & 0o777, 0o600);
});

Deno.test("an invalid scope fails the manifest's load, naming the field", async () => {
  assertEquals(
    await probeScopeProblem({ net: ["http://x"] }),
    `manifest: invalid scope: scope.net[0]: "http://x" is not a host or host:port ` +
      `(example: "api.example.com:443")`,
  );
  assertStringIncludes(
    (await probeScopeProblem({ read: ["${project}/../x"], color: true }))!,
    `scope."color" is not a known key`,
  );
  assertStringIncludes((await probeScopeProblem("all"))!, "scope must be an object");
  assertEquals(await probeScopeProblem({ net: ["example.com"] }), undefined);
});

Deno.test("the runner command: deno run flags, or the compiled binary with DENO_V8_FLAGS", () => {
  const opts = { name: "x", memoryMb: 128, dataLimit: false, execPath: "/usr/bin/deno" };
  const dev = runnerCommand({ ...opts, remoteImports: false });
  for (const flag of ["--no-prompt", "--no-npm", "--cached-only", "--no-remote", "--no-config"]) {
    assert(dev.args.includes(flag), flag);
  }
  assert(dev.args.includes("--v8-flags=--max-old-space-size=128"));
  assertEquals(dev.args.slice(-2), ["__zot_sandbox_runner", "x"]);
  assertEquals(dev.env.DENO_NO_PROMPT, "1");
  const remote = runnerCommand({ ...opts, remoteImports: true });
  assert(!remote.args.includes("--cached-only") && remote.args.includes("--no-npm"));
  const bin = runnerCommand({ ...opts, remoteImports: false, execPath: "/opt/zot/zot" });
  assertEquals([bin.command, ...bin.args], ["/opt/zot/zot", "__zot_sandbox_runner", "x"]);
  assertEquals(bin.env.DENO_V8_FLAGS, "--max-old-space-size=128");
  assert(isCompiled("/opt/zot/zot") && !isCompiled("/usr/bin/deno"));
  const limited = runnerCommand({ ...opts, dataLimit: true, remoteImports: false });
  assertEquals(limited.command, "/bin/sh");
  assertEquals(limited.args.slice(2, 4), [String((1536 + 256) * 1024), "/usr/bin/deno"]);
});

Deno.test("under deno run the scope becomes the runner's own permission flags, without -A", () => {
  const permissions = {
    read: ["/ext", "/data"],
    write: ["/data"],
    net: ["127.0.0.1:8080"],
    env: ["WEATHER_*"],
    run: false as const,
    sys: false as const,
    import: false as const,
  };
  const opts = { name: "x", memoryMb: 128, dataLimit: false, execPath: "/usr/bin/deno" };
  const dev = runnerCommand({ ...opts, remoteImports: false, permissions });
  assert(!dev.args.includes("-A"));
  for (
    const flag of [
      "--allow-read=/ext,/data",
      "--allow-write=/data",
      "--allow-net=127.0.0.1:8080",
      "--allow-env=__ZOT_SANDBOX_RUNNER_CONFIG,WEATHER_*",
      "--deny-import",
      "--no-prompt",
      "--no-npm",
      "--no-remote",
    ]
  ) assert(dev.args.includes(flag), flag);
  assert(!dev.args.some((a) => /^--allow-(run|sys|ffi|import|all)/.test(a)), dev.args.join(" "));
  assert(dev.args.some((a) => a.endsWith("/process_entry.ts")));
  const remote = runnerCommand({
    ...opts,
    remoteImports: true,
    permissions: { ...permissions, import: ["esm.sh:443"] },
  });
  assert(
    remote.args.includes("--allow-import=esm.sh:443") && !remote.args.includes("--deny-import"),
  );
  // A comma would split a flag's list: such a scope runs in the Worker runner.
  assertEquals(permissionFlags({ ...permissions, read: ["/a,b"] }), undefined);
  const comma = runnerCommand({
    ...opts,
    remoteImports: false,
    permissions: { ...permissions, read: ["/a,b"] },
  });
  assert(comma.args.includes("-A") && comma.args.some((a) => a.endsWith("/runner_entry.ts")));
  // A compiled zot cannot take flags: always the Worker runner.
  const bin = runnerCommand({
    ...opts,
    remoteImports: false,
    permissions,
    execPath: "/opt/zot/zot",
  });
  assertEquals(bin.args, ["__zot_sandbox_runner", "x"]);
});
