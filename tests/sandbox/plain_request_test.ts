/**
 * The sandbox's own launch planner takes plain values (a name, a directory,
 * a parsed scope) from the extension loader above it, and still keeps the
 * rules that protect what it builds: a name that is not one path segment
 * never names a data directory, and the runner gets exactly the scope it is
 * handed.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { planSandboxLaunch, type SandboxRequest } from "../../src/sandbox/launch.ts";
import { RUNNER_CONFIG_ENV } from "../../src/sandbox/config.ts";
import { defaultScope } from "../../src/scope/scope.ts";
import { scopeOf } from "../helpers/manifest.ts";
import { probeWorld } from "./_probe.ts";

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

Deno.test("the sandbox refuses a name that is not one path segment, creating nothing", async () => {
  await using w = await probeWorld();
  for (const name of ["..", ".", "", "a/b", "../escaped", "a\\b", "nul\0x"]) {
    const request: SandboxRequest = {
      name,
      dir: w.extDir,
      exec: "./probe.ts",
      args: [],
      manifestPath: w.source.manifestPath,
      project: false,
      scope: defaultScope(),
      trusted: [],
    };
    const res = await planSandboxLaunch(request, { paths: w.paths, explicit: true, hostEnv: {} });
    assert(!res.ok, `${JSON.stringify(name)} must be refused`);
    assertStringIncludes(res.error, `must not contain path separators or be "." or ".."`);
    assertStringIncludes(res.error, w.source.manifestPath);
  }
  // Nothing was made for any of them: not the data root, not a directory beside it.
  assertEquals(await exists(w.paths.extensionData), false);
  assertEquals(await exists(join(w.paths.home, "escaped")), false);
});

Deno.test("the sandbox plans from the values it is handed: scope, args, data directory", async () => {
  await using w = await probeWorld();
  const request: SandboxRequest = {
    name: "probe",
    dir: w.extDir,
    exec: "./probe.ts",
    args: ["--fast"],
    manifestPath: w.source.manifestPath,
    project: false,
    scope: scopeOf({ env: ["PROBE_*"], memory: 64 }),
    trusted: [],
  };
  const hostEnv = { ...w.hostEnv, PROBE_TOKEN: "t", OTHER_SECRET: "s" };
  const res = await planSandboxLaunch(request, { paths: w.paths, explicit: true, hostEnv });
  assert(res.ok, res.ok ? "" : res.error);
  assertEquals(res.plan.env.PROBE_TOKEN, "t");
  assertEquals(res.plan.env.OTHER_SECRET, undefined);
  assertEquals([res.plan.clearEnv, res.plan.sandboxed], [true, true]);
  assertEquals(JSON.parse(res.plan.env[RUNNER_CONFIG_ENV]).args, ["--fast"]);
  assert(res.plan.args.some((a) => a.includes("--max-old-space-size=64")), res.plan.args.join(" "));
  assertEquals(res.plan.dataDir, await Deno.realPath(join(w.paths.extensionData, "probe")));
  assert(res.plan.notes?.length, "an explicit run describes its scope");
});
