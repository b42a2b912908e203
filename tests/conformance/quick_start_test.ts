/**
 * The protocol's quick start, word for word: the Python extension of the
 * README's "Quick start" (tests/fixtures/conformance/hello-py, the reference
 * host's own example) installed with the real `zot ext install`, seen by
 * `zot ext list` and a live `zot ext doctor`, then discovered from
 * $ZOT_HOME and run through the real host: `/hellopy` answers with the
 * prompt action.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { discover } from "../../src/extensions/discovery.ts";
import { spawnExtension } from "../../src/extensions/process/mod.ts";
import { ExtensionHost } from "../../src/extensions/host/mod.ts";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { descendants } from "../helpers/procs.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until } from "../helpers/wait.ts";
import { FIXTURES } from "./_harness.ts";

const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));

async function zot(home: string, cwd: string, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "--config", CONFIG, MAIN, ...args],
    cwd,
    env: { ZOT_HOME: home, NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("quick start: the reference python extension installs, passes doctor and answers /hellopy", async () => {
  await using z = await tempZot();
  const installed = await zot(z.home, z.cwd, "ext", "install", join(FIXTURES, "hello-py"), "--yes");
  assertEquals(installed.code, 0, installed.stderr);
  const dir = join(z.paths.extensions, "hello-py");
  assertStringIncludes(installed.stderr, `installed ${dir}`);

  const list = await zot(z.home, z.cwd, "ext", "list");
  assertEquals(list.code, 0, list.stderr);
  assertStringIncludes(list.stdout, "hello-py");

  const doctor = await zot(z.home, z.cwd, "ext", "doctor");
  assertEquals(doctor.code, 0, doctor.stdout + doctor.stderr);
  assertStringIncludes(doctor.stdout, `hello-py [global] ok (${dir})`);
  assertStringIncludes(doctor.stdout, "    /hellopy (active)");

  const found = await discover({ paths: z.paths });
  assertEquals(found.value.map((s) => s.dir), [dir]);
  const host = new ExtensionHost({
    spawn: spawnExtension,
    paths: z.paths,
    identity: { zotVersion: "0.1.0-test", provider: "fake", model: "fake-model", cwd: z.cwd },
  });
  try {
    assertEquals(await host.load(found.value), { loaded: ["hello-py"], errors: [] });
    await host.waitForReady();
    assertEquals(host.status()[0].state, "ready");
    assertEquals(await host.invokeCommand("hellopy", ""), {
      ok: true,
      extension: "hello-py",
      command: "hellopy",
      action: "prompt",
      prompt: "Greet me very briefly in one sentence.",
    });
  } finally {
    await host.stop(1_000);
    await until(() => descendants().length === 0, 5_000, "the quick-start extension to exit");
  }
});
