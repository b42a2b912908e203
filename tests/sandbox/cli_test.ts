/** `zot ext install` consent, `zot ext grant` and `zot trust` as real subprocesses. */

import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir, tempZot } from "../helpers/tmp.ts";
import { assertNoLeftoverProcesses } from "../helpers/procs.ts";
import { findGrant } from "../../src/sandbox/grants.ts";
import { isProjectTrusted } from "../../src/extensions/trust.ts";

const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));

async function zot(args: string[], home: string, cwd: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-worker-options", MAIN, ...args],
    cwd,
    env: { ZOT_HOME: home, NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  // Whatever a command started (doctor starts extensions) ends with it.
  await assertNoLeftoverProcesses(cwd);
  await assertNoLeftoverProcesses(home);
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function writeExt(dir: string, scope: unknown): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "weather", exec: "./main.ts", scope }),
  );
  await Deno.writeTextFile(join(dir, "main.ts"), "export {};\n");
}

Deno.test("zot ext install without a terminal and without --yes refuses; --yes installs and grants", async () => {
  await using z = await tempZot();
  await using src = await tempDir();
  await writeExt(src.path, { net: ["api.example.com:443"] });
  const refused = await zot(["ext", "install", src.path], z.home, z.cwd);
  assertEquals(refused.code, 1);
  assertStringIncludes(refused.stderr, "connect to: api.example.com:443");
  assertStringIncludes(refused.stderr, "stdin is not a terminal");
  const ok = await zot(["ext", "install", "--yes", src.path], z.home, z.cwd);
  assertEquals(ok.code, 0, ok.stderr);
  // Installs are named after the source directory, as upstream.
  const grant = await findGrant(z.paths.grants, join(z.paths.extensions, basename(src.path)));
  assertEquals(grant?.scope?.net, ["api.example.com:443"]);
});

Deno.test("zot ext grant --yes stores the grant", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.extensions, "weather");
  await writeExt(dir, { env: ["WEATHER_*"] });
  const res = await zot(["ext", "grant", "weather", "--yes"], z.home, z.cwd);
  assertEquals(res.code, 0, res.stderr);
  assertStringIncludes(res.stderr, `granted "weather" its scope`);
  assert(await findGrant(z.paths.grants, dir));
});

Deno.test("zot trust and zot untrust remember the project", async () => {
  await using z = await tempZot();
  assertEquals((await zot(["trust", "--yes"], z.home, z.cwd)).code, 0);
  assert(await isProjectTrusted(z.paths.trust, z.cwd));
  assertEquals((await zot(["trust", "--list"], z.home, z.cwd)).stdout.trim(), z.cwd);
  assertEquals((await zot(["untrust"], z.home, z.cwd)).code, 0);
  assert(!(await isProjectTrusted(z.paths.trust, z.cwd)));
});

Deno.test("zot ext doctor does not start a project's extensions until the project is trusted", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.projectExtensions, "planted");
  await Deno.mkdir(dir, { recursive: true });
  const marker = join(z.root, "ran");
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "planted", exec: "./run.sh" }),
  );
  await Deno.writeTextFile(join(dir, "run.sh"), `#!/bin/sh\ntouch '${marker}'\n`);
  await Deno.chmod(join(dir, "run.sh"), 0o755);
  await zot(["ext", "doctor"], z.home, z.cwd);
  assert(!(await exists(marker)), "an untrusted project's extension ran");
  await zot(["trust", "--yes"], z.home, z.cwd);
  await zot(["ext", "doctor"], z.home, z.cwd);
  assert(await exists(marker), "a trusted project's extension should start");
});

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
