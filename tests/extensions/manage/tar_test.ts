import { join } from "../../../src/path.ts";
import { type TAR_LIMITS, unpackTarGz } from "../../../src/extensions/manage/tar.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../../helpers/assert.ts";
import { paxEntry, type TarEntry, tarGz } from "../../helpers/tar_build.ts";
import { tempDir } from "../../helpers/tmp.ts";

const pkg = (path: string, content = "x", extra: Partial<TarEntry> = {}): TarEntry => ({
  path: `package/${path}`,
  content,
  ...extra,
});

async function unpack(entries: TarEntry[], limits: Partial<typeof TAR_LIMITS> = {}) {
  const tmp = await tempDir();
  const dest = join(tmp.path, "out");
  const run = async () => await unpackTarGz(await tarGz(entries), dest, { strip: 1, limits });
  return { tmp, dest, run };
}

/** The archive is refused with `why`, and nothing was written outside `dest`. */
async function refused(entries: TarEntry[], why: string, limits = {}) {
  const { tmp, run } = await unpack(entries, limits);
  await using _ = tmp;
  const err = await assertRejects(run);
  assertStringIncludes((err as Error).message, why);
  const outside = [...Deno.readDirSync(tmp.path)].map((e) => e.name);
  assertEquals(outside, ["out"], "nothing written beside the destination");
}

Deno.test("tar: files, dirs, modes and pax long names unpack under the stripped root", async () => {
  const long = `package/${"d".repeat(120)}/file.txt`;
  const { tmp, dest, run } = await unpack([
    { path: "package/", type: "5" },
    pkg("extension.json", `{"name":"x"}`),
    pkg("bin/run.sh", "#!/bin/sh\n", { mode: 0o4755 }),
    paxEntry({ path: long }),
    { path: "ignored-short-name", content: "long" },
    pkg("lib", "", { type: "5" }),
    pkg("lib/link.txt", "", { type: "2", linkname: "../extension.json" }),
  ]);
  await using _ = tmp;
  await run();
  assertEquals(await Deno.readTextFile(join(dest, "extension.json")), `{"name":"x"}`);
  const mode = (await Deno.stat(join(dest, "bin/run.sh"))).mode! & 0o7777;
  assertEquals(mode, 0o755, "exec bit kept, set-id dropped");
  assertEquals(await Deno.readTextFile(join(dest, "d".repeat(120), "file.txt")), "long");
  assertEquals(await Deno.readLink(join(dest, "lib/link.txt")), "../extension.json");
});

Deno.test("tar: an entry climbing out with .. is refused", async () => {
  await refused([pkg("ok.txt"), pkg("../../evil.txt")], `climbs out of the package with ".."`);
  await refused([pkg("a/../../evil.txt")], `climbs out`);
  await refused([paxEntry({ path: "package/../../evil" }), pkg("x")], `climbs out`);
});

Deno.test("tar: absolute paths are refused", async () => {
  await refused([{ path: "/tmp/evil.txt", content: "x" }], "has an absolute path");
  await refused([{ path: "package\\..\\evil", content: "x" }], "has an absolute path");
});

Deno.test("tar: symlinks and hard links leading outside are refused", async () => {
  await refused([pkg("l", "", { type: "2", linkname: "/etc/passwd" })], "points outside");
  await refused([pkg("l", "", { type: "2", linkname: "../../x" })], "points outside");
  await refused([pkg("a/l", "", { type: "2", linkname: "../../x" })], "points outside");
  await refused([pkg("h", "", { type: "1", linkname: "/etc/passwd" })], "absolute path");
  await refused([pkg("h", "", { type: "1", linkname: "x" })], "points outside");
  await refused([pkg("h", "", { type: "1", linkname: "package/missing" })], "points outside");
});

Deno.test("tar: nothing is written through a link the archive made", async () => {
  await refused([
    pkg("sub", "", { type: "5" }),
    pkg("l", "", { type: "2", linkname: "sub" }),
    pkg("l/x.txt", "x"),
  ], "written through the link");
});

Deno.test("tar: device files and FIFOs are refused", async () => {
  await refused([pkg("dev", "", { type: "3" })], "device file, FIFO");
  await refused([pkg("fifo", "", { type: "6" })], "device file, FIFO");
});

Deno.test("tar: size and entry bounds", async () => {
  await refused([pkg("big", "x".repeat(5000))], "unpacks to more than 4096 bytes", { bytes: 4096 });
  await refused([pkg("a"), pkg("b"), pkg("c")], "more than 2 entries", { entries: 2 });
});

Deno.test("tar: a corrupt or truncated archive is refused", async () => {
  const tmp = await tempDir();
  await using _ = tmp;
  const good = await tarGz([pkg("a", "x".repeat(2000))]);
  const err = await assertRejects(() =>
    unpackTarGz(good.subarray(0, good.length - 30), join(tmp.path, "t"), { strip: 1 })
  );
  assert(err instanceof Error);
  const err2 = await assertRejects(() =>
    unpackTarGz(new TextEncoder().encode("not gzip"), join(tmp.path, "u"), { strip: 1 })
  );
  assertStringIncludes((err2 as Error).message, "Refusing to unpack");
});
