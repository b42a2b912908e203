/**
 * scripts/install.sh, run by `sh` and by `dash` (when installed) against a
 * release server on 127.0.0.1 with fake assets, `uname` faked through PATH.
 * It installs the binary that matches SHA256SUMS and nothing else: after a
 * checksum mismatch, a missing entry or asset, an unsupported platform or
 * an unwritable target, the message says why and the install directory holds
 * what it held before (no staged file, no half-written binary).
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { fakeRelease, fakeZot, releaseFiles } from "../helpers/fake_release.ts";

const SCRIPT = fileURLToPath(new URL("../../scripts/install.sh", import.meta.url));
const LINUX = "zot-x86_64-unknown-linux-gnu.tar.gz";
const OLD = fakeZot("0.1.0");
const dec = new TextDecoder();

const SHELLS = ["sh", "dash"].filter((s) =>
  ["/bin", "/usr/bin"].some((d) => {
    try {
      return Deno.statSync(join(d, s)).isFile;
    } catch {
      return false;
    }
  })
);

interface Setup {
  root: string;
  bin: string;
  run(env?: Record<string, string>, wrap?: string[]): Promise<{ code: number; out: string }>;
}

/** A temp root with a fake `uname` (Linux x86_64 unless told) and an install dir. */
async function setup(shell: string, root: string, uname = "Linux x86_64"): Promise<Setup> {
  const fake = join(root, "fakebin");
  await Deno.mkdir(fake);
  const [s, m] = uname.split(" ");
  await Deno.writeTextFile(
    join(fake, "uname"),
    `#!/bin/sh\ncase "$1" in -s) echo ${s};; -m) echo ${m};; *) echo ${s};; esac\n`,
    { mode: 0o755 },
  );
  const bin = join(root, "bin");
  return {
    root,
    bin,
    async run(env = {}, wrap = []) {
      const argv = [...wrap, shell, SCRIPT];
      const out = await new Deno.Command(argv[0], {
        args: argv.slice(1),
        cwd: root,
        env: { PATH: `${fake}:/usr/bin:/bin`, HOME: root, ZOT_INSTALL_DIR: bin, ...env },
        clearEnv: true,
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: out.code, out: dec.decode(out.stdout) + dec.decode(out.stderr) };
    },
  };
}

async function listing(dir: string): Promise<string[]> {
  try {
    return (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

async function withOld(bin: string) {
  await Deno.mkdir(bin, { recursive: true });
  await Deno.writeFile(join(bin, "zot"), OLD, { mode: 0o755 });
}

async function keptOld(bin: string) {
  assertEquals(await listing(bin), ["zot"]);
  assertEquals(await Deno.readFile(join(bin, "zot")), OLD);
}

for (const shell of SHELLS) {
  Deno.test(`install.sh (${shell}): installs the verified binary and says how to reach it`, async () => {
    await using rel = await fakeRelease("0.2.0");
    await using dir = await tempDir();
    const s = await setup(shell, dir.path);
    const r = await s.run({ ZOT_INSTALL_BASE_URL: rel.url });
    assertEquals(r.code, 0, r.out);
    assertStringIncludes(r.out, `Installed zot 0.2.0 to ${s.bin}/zot`);
    assertStringIncludes(r.out, `export PATH="${s.bin}:$PATH"`);
    assertEquals(await listing(s.bin), ["zot"]);
    const v = await new Deno.Command(join(s.bin, "zot"), { args: ["--version"] }).output();
    assertEquals(dec.decode(v.stdout).trim(), "0.2.0");
    assert(rel.requests.includes(`/releases/latest/download/${LINUX}`), rel.requests.join(" "));

    // A pinned version comes from its tag, and replaces the binary already there.
    const pinned = await s.run({
      ZOT_INSTALL_BASE_URL: rel.url + "/",
      ZOT_VERSION: "0.2.0",
      PATH: `${dir.path}/fakebin:${s.bin}:/usr/bin:/bin`,
    });
    assertEquals(pinned.code, 0, pinned.out);
    assert(!pinned.out.includes("export PATH"), pinned.out);
    assert(rel.requests.includes(`/releases/download/v0.2.0/${LINUX}`), rel.requests.join(" "));
    assertEquals(await listing(s.bin), ["zot"]);
  });

  Deno.test(`install.sh (${shell}): a checksum mismatch or a missing entry installs nothing`, async () => {
    await using rel = await fakeRelease("0.2.0");
    await using dir = await tempDir();
    const s = await setup(shell, dir.path);
    const good = rel.files.get(LINUX)!;
    const other = await releaseFiles(["x86_64-unknown-linux-gnu"], fakeZot("6.6.6"));
    rel.files.set(LINUX, other.get(LINUX)!);
    let r = await s.run({ ZOT_INSTALL_BASE_URL: rel.url });
    assertEquals(r.code, 1, r.out);
    assertStringIncludes(r.out, `the checksum of ${LINUX} does not match SHA256SUMS`);
    assertEquals(await listing(s.bin), [], "not even the directory is made");

    await withOld(s.bin);
    r = await s.run({ ZOT_INSTALL_BASE_URL: rel.url });
    assertEquals(r.code, 1, r.out);
    await keptOld(s.bin);

    rel.files.set(LINUX, good);
    const sums = dec.decode(rel.files.get("SHA256SUMS"));
    const digest = sums.split("\n").find((l) => l.endsWith(LINUX))!.split("  ")[0];
    for (
      const body of [
        `${digest}  ./${LINUX}\n`,
        `${digest}  ${LINUX}.sig\n`,
        `${digest}  ${LINUX}\n${"0".repeat(64)}  ${LINUX}\n`,
        `${digest.slice(2)}  ${LINUX}\n`,
      ]
    ) {
      rel.files.set("SHA256SUMS", new TextEncoder().encode(body));
      r = await s.run({ ZOT_INSTALL_BASE_URL: rel.url });
      assertEquals(r.code, 1, r.out);
      assertStringIncludes(r.out, `SHA256SUMS has no`);
      assertStringIncludes(r.out, `entry for ${LINUX}: refusing to install it`);
      await keptOld(s.bin);
    }
  });

  Deno.test(`install.sh (${shell}): a missing asset or an unsupported platform installs nothing`, async () => {
    await using rel = await fakeRelease("0.2.0");
    await using dir = await tempDir();
    const s = await setup(shell, dir.path);
    await withOld(s.bin);
    rel.files.delete(LINUX);
    let r = await s.run({ ZOT_INSTALL_BASE_URL: rel.url });
    assertEquals(r.code, 1, r.out);
    assertStringIncludes(r.out, `zot install: cannot download ${rel.url}/latest/download/${LINUX}`);
    await keptOld(s.bin);

    for (
      const [uname, says] of [["FreeBSD amd64", "FreeBSD amd64"], [
        "Linux riscv64",
        "Linux riscv64",
      ]]
    ) {
      await using d2 = await tempDir();
      const u = await setup(shell, d2.path, uname);
      r = await u.run({ ZOT_INSTALL_BASE_URL: rel.url });
      assertEquals(r.code, 1, r.out);
      assertStringIncludes(r.out, `zot install: no zot release is built for ${says}`);
      assertEquals(await listing(u.bin), []);
    }
    await using d3 = await tempDir();
    r = await (await setup(shell, d3.path, "MINGW64_NT-10.0 x86_64")).run({
      ZOT_INSTALL_BASE_URL: rel.url,
    });
    assertStringIncludes(r.out, "install.ps1");

    // Plain http is refused unless the host itself is this machine: a user name before "@" or
    // a host that merely starts like a loopback one is another machine.
    for (
      const base of [
        "http://mirror.example/zot",
        "http://localhost:@mirror.example/zot",
        "http://127.0.0.1:x@mirror.example",
        "http://127.0.0.1.mirror.example/zot",
      ]
    ) {
      r = await s.run({ ZOT_INSTALL_BASE_URL: base });
      assertEquals(r.code, 1, r.out);
      assertStringIncludes(r.out, "must be an https URL", base);
    }
    r = await s.run({ ZOT_INSTALL_BASE_URL: rel.url, ZOT_VERSION: "../../evil" });
    assertStringIncludes(r.out, `ZOT_VERSION "../../evil" is not a version`);
    await keptOld(s.bin);
    assert(!rel.requests.some((p) => p.includes("evil")));
  });

  Deno.test(`install.sh (${shell}): an unwritable target keeps what was there`, async () => {
    await using rel = await fakeRelease("0.2.0");
    await using dir = await tempDir();
    const s = await setup(shell, dir.path);
    // A directory that cannot be made (a file is in the way), whoever runs the test.
    await Deno.writeTextFile(join(dir.path, "file"), "x");
    let r = await s.run({ ZOT_INSTALL_BASE_URL: rel.url, ZOT_INSTALL_DIR: `${dir.path}/file/bin` });
    assertEquals(r.code, 1, r.out);
    assertStringIncludes(r.out, `cannot create ${dir.path}/file/bin (set ZOT_INSTALL_DIR`);

    // A directory that exists but is read-only: a read-only mount, since root ignores modes.
    await withOld(s.bin);
    r = await s.run({ ZOT_INSTALL_BASE_URL: rel.url }, [
      "bwrap",
      "--dev-bind",
      "/",
      "/",
      "--ro-bind",
      s.bin,
      s.bin,
      "--share-net",
    ]);
    assertEquals(r.code, 1, r.out);
    assertStringIncludes(r.out, `zot install: cannot write to ${s.bin}`);
    await keptOld(s.bin);
  });

  Deno.test(`install.sh (${shell}): a download of the script cut short runs nothing`, async () => {
    await using rel = await fakeRelease("0.2.0");
    await using dir = await tempDir();
    const s = await setup(shell, dir.path);
    const script = await Deno.readTextFile(SCRIPT);
    // Cut inside main, after the download and install lines: piped to sh as curl would.
    const cut = script.slice(0, script.indexOf('echo "Installed zot'));
    const child = new Deno.Command(shell, {
      cwd: dir.path,
      env: {
        PATH: `${dir.path}/fakebin:/usr/bin:/bin`,
        HOME: dir.path,
        ZOT_INSTALL_DIR: s.bin,
        ZOT_INSTALL_BASE_URL: rel.url,
      },
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(cut));
    await writer.close();
    const out = await child.output();
    assert(out.code !== 0, "a cut script must fail");
    assertEquals(rel.requests, []);
    assertEquals(await listing(s.bin), []);
  });
}
