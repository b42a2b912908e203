/**
 * The launch plan's own refusals and the environment it hands the runner,
 * checked on the plan alone (no runner is started, so the file runs in about
 * a second and the mutation check can afford it for every rule): an entry
 * leading out of the extension directory, data directories replaced by or
 * holding symlinks, symlinks in granted directories, write grants on the
 * extension's own directory or zot's state, and the cleared environment.
 * `escape_test.ts` proves the same rules end to end through the runner.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import {
  planSandboxLaunch,
  type SandboxLaunchResult,
} from "../../src/extensions/sandbox_launch.ts";
import { type ProbeWorld, probeWorld } from "./_probe.ts";
import { scopeOf } from "../helpers/manifest.ts";

function plan(w: ProbeWorld): Promise<SandboxLaunchResult> {
  return planSandboxLaunch(w.source, { paths: w.paths, explicit: true, hostEnv: w.hostEnv });
}

async function refusal(w: ProbeWorld): Promise<string> {
  const res = await plan(w);
  assert(!res.ok, "the launch should have been refused");
  return res.error;
}

Deno.test("refused: an entry that is a symlink to a file outside the extension directory", async () => {
  await using w = await probeWorld();
  const outside = join(w.root, "evil.ts");
  await Deno.writeTextFile(outside, "export {};\n");
  await Deno.symlink(outside, join(w.extDir, "evil.ts"));
  w.source.manifest.exec = "./evil.ts";
  assertEquals(
    await refusal(w),
    `Cannot start extension "probe": exec "./evil.ts" resolves to ${outside}, outside the ` +
      `extension directory (point "exec" in ${w.source.manifestPath} at a file inside ${w.extDir})`,
  );
});

Deno.test("refused: an entry reached through a symlinked directory leading outside", async () => {
  await using w = await probeWorld();
  const outside = join(w.root, "elsewhere");
  await Deno.mkdir(outside);
  await Deno.writeTextFile(join(outside, "main.ts"), "export {};\n");
  await Deno.symlink(outside, join(w.extDir, "lib"));
  w.source.manifest.exec = "./lib/main.ts";
  assertStringIncludes(await refusal(w), "outside the extension directory");
});

Deno.test("refused: a data directory that is itself a symlink (to the fake home)", async () => {
  await using w = await probeWorld();
  await Deno.mkdir(w.paths.extensionData, { recursive: true });
  const data = join(w.paths.extensionData, "probe");
  await Deno.symlink(w.home, data);
  assertEquals(
    await refusal(w),
    `Cannot start extension "probe": data directory ${data} is a symlink (remove it; zot recreates it)`,
  );
});

Deno.test("refused: a symlink in the data directory leading to the fake ~/.ssh", async () => {
  await using w = await probeWorld();
  const data = join(w.paths.extensionData, "probe");
  await Deno.mkdir(data, { recursive: true });
  await Deno.symlink(join(w.home, ".ssh"), join(data, "keys"));
  assertStringIncludes(
    await refusal(w),
    `Cannot start extension "probe": "${join(data, "keys")}" is a symlink to`,
  );
});

Deno.test("refused: a symlink in the writable data directory to the read-only extension directory", async () => {
  await using w = await probeWorld();
  const data = join(w.paths.extensionData, "probe");
  await Deno.mkdir(data, { recursive: true });
  // Readable through the link, but a write through it would rewrite the manifest.
  await Deno.symlink(w.extDir, join(data, "self"));
  assertStringIncludes(
    await refusal(w),
    `Cannot start extension "probe": "${join(data, "self")}" is a symlink to`,
  );
});

Deno.test("refused: a symlink in a read-only granted project directory leading outward", async () => {
  await using w = await probeWorld({ read: ["${project}"] });
  await Deno.mkdir(join(w.paths.cwd, "src"), { recursive: true });
  await Deno.symlink(join(w.home, ".ssh", "id_rsa"), join(w.paths.cwd, "src", "key"));
  assertStringIncludes(await refusal(w), "outside what the scope grants");
});

Deno.test("refused: a granted project file that is a symlink out of the project", async () => {
  await using w = await probeWorld({ read: ["${project}/config.json"] });
  await Deno.symlink(join(w.home, ".ssh", "id_rsa"), join(w.paths.cwd, "config.json"));
  assertStringIncludes(
    await refusal(w),
    `scope.read "\${project}/config.json" leads through a symlink to`,
  );
});

Deno.test("refused: write access to the extension's own directory, whole or in part", async () => {
  for (const write of ["${extension}", "${extension}/cache"]) {
    await using w = await probeWorld({ write: [write] });
    assertStringIncludes(
      await refusal(w),
      "scope.write may not cover the extension's own directory",
    );
  }
});

Deno.test("refused: write access to zot's state (grants.json, ZOT_HOME, or a directory above it)", async () => {
  for (const target of [(w: ProbeWorld) => w.paths.grants, (w: ProbeWorld) => w.paths.home]) {
    await using w = await probeWorld();
    w.source.manifest.scope = scopeOf({ write: [target(w)] });
    assertStringIncludes(await refusal(w), "scope.write may not cover zot's state directory");
  }
  await using w = await probeWorld();
  w.source.manifest.scope = scopeOf({ write: [w.root] });
  const error = await refusal(w);
  // Covering the extension directory or the state directory: both are refusals.
  assert(error.includes("may not cover"), error);
});

Deno.test("the runner starts from a cleared environment holding only granted variables", async () => {
  await using w = await probeWorld({ env: ["WEATHER_*"] }, {
    hostEnv: { SECRET_TOKEN: "s3cret", WEATHER_KEY: "k", WEATHERMAN: "no", AWS_SECRET: "x" },
  });
  const res = await plan(w);
  assert(res.ok, res.ok ? "" : res.error);
  assertEquals(res.plan.clearEnv, true);
  const env = res.plan.env ?? {};
  assertEquals(env.WEATHER_KEY, "k");
  for (const name of ["SECRET_TOKEN", "WEATHERMAN", "AWS_SECRET", "HOME"]) {
    assertEquals(env[name], undefined, `${name} reached the runner`);
  }
  // No run grant: not even PATH.
  assertEquals(env.PATH, undefined);
});

Deno.test("a run grant adds PATH to the runner's environment, and nothing else", async () => {
  await using w = await probeWorld({ run: ["git"] }, { hostEnv: { SECRET_TOKEN: "s3cret" } });
  const res = await plan(w);
  assert(res.ok, res.ok ? "" : res.error);
  assertEquals(res.plan.clearEnv, true);
  assertEquals(res.plan.env?.PATH, w.hostEnv.PATH);
  assertEquals(res.plan.env?.SECRET_TOKEN, undefined);
});
