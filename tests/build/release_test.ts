/**
 * `deno task build`'s release assets: the archives open with the system's
 * own `tar` and `unzip` and hold exactly the binary, `SHA256SUMS` passes
 * `sha256sum -c`, and where the denort runtime cannot be downloaded the
 * build stops with one line naming the cause, the URL and the remedy.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { sha256Sums, tarGz, zip } from "../../scripts/build/archive.ts";
import { rootCause, smokeTest } from "../../scripts/build.ts";
import { ZOT_VERSION } from "../../src/version.ts";
import { denortUrl } from "../../scripts/build/targets.ts";
import { fromTarGz, fromZip } from "../../src/cli/upgrade/unpack.ts";

const BUILD = fileURLToPath(new URL("../../scripts/build.ts", import.meta.url));
const dec = new TextDecoder();

async function sh(cwd: string, cmd: string, ...args: string[]) {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" }).output();
  return { code: out.code, out: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test("build: the archives open with tar and unzip, and SHA256SUMS passes sha256sum -c", async () => {
  await using dir = await tempDir();
  const body = new TextEncoder().encode("#!/bin/sh\necho 9.9.9\n".repeat(300));
  const tgz = await tarGz("zot", body);
  const zipped = await zip("zot.exe", body);
  await Deno.writeFile(join(dir.path, "zot-a.tar.gz"), tgz);
  await Deno.writeFile(join(dir.path, "zot-b.zip"), zipped);
  const sums = await sha256Sums(new Map([["zot-b.zip", zipped], ["zot-a.tar.gz", tgz]]));
  await Deno.writeTextFile(join(dir.path, "SHA256SUMS"), sums);

  const listed = await sh(dir.path, "tar", "tvzf", "zot-a.tar.gz");
  assertEquals(listed.code, 0, listed.out);
  assert(/^-rwxr-xr-x .* zot\n$/.test(listed.out), listed.out);
  assertEquals((await sh(dir.path, "tar", "xzf", "zot-a.tar.gz")).code, 0);
  assertEquals(await Deno.readFile(join(dir.path, "zot")), body);
  assertEquals((await sh(dir.path, "unzip", "-q", "zot-b.zip")).code, 0);
  assertEquals(await Deno.readFile(join(dir.path, "zot.exe")), body);
  const check = await sh(dir.path, "sha256sum", "-c", "SHA256SUMS");
  assertEquals(check.code, 0, check.out);
  assertEquals(sums.split("\n")[0].split("  ")[1], "zot-a.tar.gz", "sorted by name");

  // zot upgrade reads what the build writes.
  assertEquals(await fromTarGz(tgz, "zot"), body);
  assertEquals(await fromZip(zipped, "zot.exe"), body);
});

Deno.test("build: the root cause of deno's error chain, without the backtrace", () => {
  const stderr = "error: Writing deno compile executable\n\nCaused by:\n    0: Setting up base " +
    "binary.\n    1: error sending request\n    2: dns error: failed to lookup address\n\n" +
    "Stack backtrace:\n   0: <unknown>\n";
  assertEquals(rootCause(stderr), "dns error: failed to lookup address");
  assertEquals(rootCause("error: Module not found\n"), "Module not found");
});

Deno.test({
  name: "build: without the denort runtime, one line with the cause, the URL and the remedy",
  sanitizeResources: false,
  async fn() {
    // A DENO_DIR with the module caches but no runtime, and a proxy nobody listens on: the
    // download fails here the way it fails offline, wherever the test runs.
    await using dir = await tempDir();
    const info = JSON.parse(
      dec.decode(
        (await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output()).stdout,
      ),
    );
    const denoDir = join(dir.path, "deno");
    await Deno.mkdir(denoDir);
    for (const keep of ["npm", "remote"]) {
      await Deno.symlink(join(info.denoDir, keep), join(denoDir, keep)).catch(() => {});
    }
    const out = join(dir.path, "dist");
    const env = {
      DENO_DIR: denoDir,
      HTTPS_PROXY: "http://127.0.0.1:9",
      NO_COLOR: "1",
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: dir.path,
    };
    const res = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", BUILD, "--host", "--target", "x86_64-pc-windows-msvc", "--out", out],
      cwd: dir.path,
      env,
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = dec.decode(res.stdout) + dec.decode(res.stderr);
    assertEquals(res.code, 1, text);
    const lines = text.trim().split("\n");
    assertEquals(lines.length, 1, text);
    assertStringIncludes(text, `Cannot build ${Deno.build.target}: the denort runtime could not`);
    assertStringIncludes(text, denortUrl(Deno.build.target));
    assertStringIncludes(text, join(denoDir, "dl", "release"));
    assertStringIncludes(text, `set DENORT_BIN`);
    for (const noise of ["Stack backtrace", "Caused by", "<unknown>"]) {
      assert(!text.includes(noise), text);
    }
    // Nothing half-made is left behind.
    assertEquals([...Deno.readDirSync(out)].map((e) => e.name), []);
  },
});

Deno.test("build: the host binary must print zot's version before anything is released", async () => {
  await using dir = await tempDir();
  const bin = join(dir.path, "zot");
  await Deno.writeTextFile(bin, `#!/bin/sh\necho ${ZOT_VERSION}\n`, { mode: 0o755 });
  assertEquals(await smokeTest(bin), undefined);
  // What a build with the deno CLI in place of denort makes: it runs, but is not zot.
  await Deno.writeTextFile(
    bin,
    `#!/bin/sh\necho 'Module not found "file:///--version"' >&2\nexit 1\n`,
  );
  assertStringIncludes((await smokeTest(bin))!, "the denort runtime it embeds is not the real one");
  assertStringIncludes((await smokeTest(join(dir.path, "missing")))!, "does not start");
});
