/**
 * `zot upgrade` against a release server on 127.0.0.1 with fake assets,
 * through the module's function with an explicit target file (the command
 * itself only ever replaces the running compiled zot). A download counts
 * only when its digest equals the SHA256SUMS entry for exactly its name, the
 * new binary must run `--version`, and every failed step leaves the old
 * binary as it was, with nothing else left in its directory. From source,
 * `zot upgrade` replaces nothing and says how to update.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { fakeRelease, fakeZot, releaseFiles } from "../helpers/fake_release.ts";
import { upgrade, type UpgradeResult } from "../../src/cli/upgrade/upgrade.ts";
import { assetFor, parseBaseUrl } from "../../src/cli/upgrade/release.ts";
import { expectedDigest } from "../../src/cli/upgrade/sha256sums.ts";
import { fromTarGz } from "../../src/cli/upgrade/unpack.ts";

const LINUX = "zot-x86_64-unknown-linux-gnu.tar.gz";
const OLD = fakeZot("0.1.0");

async function installed(dir: string): Promise<string> {
  const target = join(dir, "zot");
  await Deno.writeFile(target, OLD, { mode: 0o755 });
  return target;
}

function run(target: string, base: string, extra: Partial<Parameters<typeof upgrade>[0]> = {}) {
  return upgrade({
    target,
    baseUrl: base,
    currentVersion: "0.1.0",
    os: "linux",
    arch: "x86_64",
    ...extra,
  });
}

/** The old binary is still there, unchanged, and nothing was left beside it. */
async function unchanged(dir: string, target: string) {
  assertEquals(await Deno.readFile(target), OLD);
  assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["zot"]);
}

function failed(r: UpgradeResult, ...parts: string[]) {
  assert(!r.ok, `expected a failure, got ${JSON.stringify(r)}`);
  for (const p of parts) assertStringIncludes(r.error, p);
}

Deno.test("upgrade: verifies, runs the new binary, and swaps it in", async () => {
  await using rel = await fakeRelease("0.2.0");
  await using dir = await tempDir();
  const target = await installed(dir.path);
  const r = await run(target, rel.url);
  assertEquals(r, { ok: true, message: `Upgraded ${target} from 0.1.0 to 0.2.0` });
  assertEquals(await Deno.readFile(target), fakeZot("0.2.0"));
  assertEquals((await Deno.stat(target)).mode! & 0o777, 0o755);
  assertEquals([...Deno.readDirSync(dir.path)].map((e) => e.name), ["zot"]);
  // Both files came from the tag the redirect named, not from "latest" twice.
  assert(rel.requests.includes(`/releases/download/v0.2.0/${LINUX}`), rel.requests.join(" "));
  assert(rel.requests.includes("/releases/download/v0.2.0/SHA256SUMS"));
});

Deno.test("upgrade: a checksum mismatch refuses the archive and keeps the old binary", async () => {
  await using rel = await fakeRelease("0.2.0");
  await using dir = await tempDir();
  const target = await installed(dir.path);
  // Another valid archive (a different binary) under the listed name.
  const other = await releaseFiles(
    ["x86_64-unknown-linux-gnu"],
    fakeZot("0.2.0", "#!/bin/sh\necho 0.2.0\n"),
  );
  rel.files.set(LINUX, other.get(LINUX)!);
  failed(await run(target, rel.url), "Refusing zot 0.2.0", "does not match SHA256SUMS");
  await unchanged(dir.path, target);
});

Deno.test("upgrade: SHA256SUMS without an entry for exactly this asset refuses it", async () => {
  await using rel = await fakeRelease("0.2.0");
  await using dir = await tempDir();
  const target = await installed(dir.path);
  const sums = new TextDecoder().decode(rel.files.get("SHA256SUMS"));
  const digest = sums.split("\n").find((l) => l.endsWith(LINUX))!.split("  ")[0];
  // The right digest, under names that only look alike.
  for (const name of [`./${LINUX}`, `${LINUX}.old`, `x${LINUX}`, LINUX.toUpperCase()]) {
    rel.files.set("SHA256SUMS", new TextEncoder().encode(`${digest}  ${name}\n`));
    failed(await run(target, rel.url), `has no entry for ${LINUX}`);
    await unchanged(dir.path, target);
  }
  rel.files.delete("SHA256SUMS");
  failed(await run(target, rel.url), "Cannot download zot 0.2.0", "404");
  await unchanged(dir.path, target);
});

Deno.test("upgrade: a missing asset or an unsupported platform installs nothing", async () => {
  await using rel = await fakeRelease("0.2.0");
  await using dir = await tempDir();
  const target = await installed(dir.path);
  rel.files.delete(LINUX);
  failed(await run(target, rel.url), "Cannot download zot 0.2.0", `${LINUX} answered 404`);
  await unchanged(dir.path, target);
  failed(await run(target, rel.url, { os: "freebsd" }), "No zot release is built for freebsd");
  failed(await run(target, rel.url, { os: "windows", arch: "aarch64" }), "windows aarch64");
  await unchanged(dir.path, target);
});

Deno.test("upgrade: a new binary that does not answer --version with the release's version is not installed", async () => {
  await using dir = await tempDir();
  const target = await installed(dir.path);
  for (
    const [script, why] of [
      ["#!/bin/sh\nexit 1\n", `fails "--version" (exit 1)`],
      ["#!/bin/sh\necho 0.1.9\n", `reports version "0.1.9", not 0.2.0`],
      ["not a program", `fails "--version" (exit 127)`],
    ]
  ) {
    await using rel = await fakeRelease("0.2.0", undefined, fakeZot("0.2.0", script));
    failed(await run(target, rel.url), why);
    await unchanged(dir.path, target);
  }
});

Deno.test("upgrade: when the swap itself fails, the staged file goes and the old binary stays", async () => {
  await using rel = await fakeRelease("0.2.0");
  await using dir = await tempDir();
  // A target that cannot be renamed over (a directory with something in it).
  const target = join(dir.path, "zot");
  await Deno.mkdir(target);
  await Deno.writeTextFile(join(target, "keep"), "x");
  failed(await run(target, rel.url), `Cannot upgrade ${target} to 0.2.0`, "cannot replace");
  assertEquals([...Deno.readDirSync(dir.path)].map((e) => e.name), ["zot"]);
  // A directory that does not exist: nothing to write into.
  failed(await run(join(dir.path, "gone", "zot"), rel.url), "cannot write in");
  assertEquals([...Deno.readDirSync(dir.path)].map((e) => e.name), ["zot"]);
});

Deno.test("upgrade: --check and an up-to-date zot download nothing", async () => {
  await using rel = await fakeRelease("0.2.0");
  await using dir = await tempDir();
  const target = await installed(dir.path);
  assertEquals(await run(target, rel.url, { check: true }), {
    ok: true,
    message: `zot 0.2.0 is available (this is 0.1.0): run "zot upgrade"`,
  });
  assertEquals(await run(target, rel.url, { currentVersion: "0.2.0" }), {
    ok: true,
    message: "zot 0.2.0 is up to date (latest: 0.2.0)",
  });
  assertEquals(await run(target, rel.url, { currentVersion: "0.10.0" }), {
    ok: true,
    message: "zot 0.10.0 is up to date (latest: 0.2.0)",
  });
  assert(!rel.requests.some((p) => p.includes("/download/")), rel.requests.join(" "));
  await unchanged(dir.path, target);
});

Deno.test("upgrade: only https release URLs, plain http only on this machine", () => {
  assertEquals(parseBaseUrl(undefined), { url: "https://github.com/zot-agent/zot/releases" });
  assertEquals(parseBaseUrl("https://mirror.example/zot/"), { url: "https://mirror.example/zot" });
  assertEquals(parseBaseUrl("http://127.0.0.1:8080/r"), { url: "http://127.0.0.1:8080/r" });
  for (const bad of ["http://mirror.example/zot", "ftp://x/y", "file:///tmp/r", "not a url"]) {
    const r = parseBaseUrl(bad);
    assert("error" in r, bad);
  }
  assertEquals(assetFor("darwin", "aarch64")?.archive, "zot-aarch64-apple-darwin.tar.gz");
  assertEquals(assetFor("windows", "x86_64")?.archive, "zot-x86_64-pc-windows-msvc.zip");
});

Deno.test("upgrade: SHA256SUMS entries match whole names; two digests for one name refuse it", () => {
  const a = "a".repeat(64);
  const b = "B".repeat(64);
  assertEquals(expectedDigest(`${b} *zot.tar.gz\r\n`, "zot.tar.gz"), { digest: "b".repeat(64) });
  assertEquals(expectedDigest(`${a}  zot.tar.gz\n${a}  zot.tar.gz\n`, "zot.tar.gz"), { digest: a });
  assert("error" in expectedDigest(`${a}  zot.tar.gz\n${b}  zot.tar.gz\n`, "zot.tar.gz"));
  assert("error" in expectedDigest(`${a}  zot.tar.gz.sig\n`, "zot.tar.gz"));
  assert("error" in expectedDigest(`${a.slice(1)}  zot.tar.gz\n`, "zot.tar.gz"));
});

Deno.test("upgrade: only a regular file named zot is taken from the archive, never a link", async () => {
  const files = await releaseFiles(["x86_64-unknown-linux-gnu"], fakeZot("0.2.0"));
  const tar = new Uint8Array(
    await new Response(
      new Blob([files.get(LINUX)! as Uint8Array<ArrayBuffer>]).stream()
        .pipeThrough(new DecompressionStream("gzip")),
    ).arrayBuffer(),
  );
  tar[156] = "2".charCodeAt(0); // the entry becomes a symbolic link named zot
  const gz = new Uint8Array(
    await new Response(
      new Blob([tar]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer(),
  );
  const err = await fromTarGz(gz, "zot").then(() => "", (e: Error) => e.message);
  assertEquals(err, "the archive holds no file named zot");
});

Deno.test("upgrade: from source it replaces nothing, downloads nothing, and says how to update", async () => {
  await using rel = await fakeRelease("0.2.0");
  await using home = await tempDir();
  const main = fileURLToPath(new URL("../../main.ts", import.meta.url));
  const config = fileURLToPath(new URL("../../deno.json", import.meta.url));
  // A private copy of deno runs zot: were the guard gone, the copy is what would be replaced,
  // never the deno this machine shares. Under its own name, and renamed to look compiled (its
  // `--version` still gives it away).
  const exe = Deno.build.os === "windows" ? ".exe" : "";
  for (const name of ["deno", "zot"]) {
    const deno = join(home.path, name + exe);
    await Deno.copyFile(Deno.execPath(), deno);
    const before = await Deno.readFile(deno);
    for (const args of [["upgrade"], ["upgrade", "--check"]]) {
      const out = await new Deno.Command(deno, {
        args: ["run", "-A", "--quiet", "--config", config, main, ...args],
        cwd: home.path,
        env: { ZOT_HOME: home.path, NO_COLOR: "1", ZOT_INSTALL_BASE_URL: rel.url },
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(out.stderr);
      assertEquals(out.code, 1, stderr);
      assertStringIncludes(stderr, `zot runs from source here (${deno} runs `);
      assertStringIncludes(stderr, `"zot upgrade" leaves it alone: update the checkout (git -C `);
    }
    assertEquals(rel.requests, []);
    assert((await Deno.readFile(deno)).length === before.length, `the ${name} copy was replaced`);
  }
});

Deno.test("upgrade: the Windows way: zip, zot.exe, the running binary steps aside as .old", async () => {
  await using rel = await fakeRelease("0.2.0", ["x86_64-pc-windows-msvc"]);
  await using dir = await tempDir();
  const target = join(dir.path, "zot.exe");
  await Deno.writeFile(target, OLD, { mode: 0o755 });
  await Deno.writeTextFile(`${target}.old`, "from the upgrade before");
  const r = await run(target, rel.url, { os: "windows" });
  assertEquals(r, { ok: true, message: `Upgraded ${target} from 0.1.0 to 0.2.0` });
  assertEquals(await Deno.readFile(target), fakeZot("0.2.0"));
  assertEquals(await Deno.readFile(`${target}.old`), OLD);
  assertEquals((await Array.fromAsync(Deno.readDir(dir.path))).map((e) => e.name).sort(), [
    "zot.exe",
    "zot.exe.old",
  ]);
});

Deno.test("upgrade: zot upgrade --help says where releases come from and what is checked", async () => {
  const main = fileURLToPath(new URL("../../main.ts", import.meta.url));
  const config = fileURLToPath(new URL("../../deno.json", import.meta.url));
  await using home = await tempDir();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "--config", config, main, "upgrade", "--help"],
    env: { ZOT_HOME: home.path, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  assertStringIncludes(text, "--check");
  assertStringIncludes(text, "ZOT_INSTALL_BASE_URL");
  assertStringIncludes(text, "SHA256SUMS");
});
