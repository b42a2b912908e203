/**
 * npm as an install source, against a registry stand-in on 127.0.0.1: the
 * version resolved from the range, the tarball checked against the
 * registry's sha512 and unpacked without running anything, the record kept,
 * and `zot ext update` following the range. Every refusal leaves nothing.
 */

import { join } from "../../../src/path.ts";
import { installExtension } from "../../../src/extensions/manage/install.ts";
import { updateExtension } from "../../../src/extensions/manage/update.ts";
import { readInstallRecord } from "../../../src/extensions/manage/record.ts";
import { searchExtensions } from "../../../src/extensions/manage/npm_search.ts";
import type { ConsentIO } from "../../../src/extensions/consent.ts";
import { installConsent } from "../../../src/extensions/consent.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../../helpers/assert.ts";
import {
  fakeRegistry,
  type PublishedVersion,
  type TarEntry,
  tarGz,
} from "../../helpers/tar_build.ts";
import { tempZot } from "../../helpers/tmp.ts";

const noTerminal: ConsentIO = {
  interactive: () => false,
  ask: () => Promise.resolve(false),
  print: () => {},
};

async function version(
  v: string,
  manifest: Record<string, unknown>,
  extra: TarEntry[] = [],
): Promise<PublishedVersion> {
  return {
    version: v,
    keywords: ["zot-extension"],
    description: `hello ${v}`,
    tarball: await tarGz([
      { path: "package/extension.json", content: JSON.stringify({ ...manifest, version: v }) },
      { path: "package/README.md", content: `v${v}` },
      { path: "package/main.ts", content: "// entry\n" },
      ...extra,
    ]),
  };
}

const HELLO = { name: "zot-hello", description: "says hello", exec: "./main.ts" };

/** What is left under the extensions dir and the record store. */
async function leftovers(ext: string): Promise<string[]> {
  try {
    return (await Array.fromAsync(Deno.readDir(ext))).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

function install(
  z: { paths: import("../../../src/config/paths.ts").ZotPaths },
  src: string,
  registry: string,
) {
  return installExtension(src, {
    paths: z.paths,
    registry,
    yes: true,
    log: () => {},
    confirm: installConsent(z.paths, noTerminal),
  });
}

Deno.test("npm install: resolves the range, verifies, unpacks without scripts, records", async () => {
  await using z = await tempZot();
  const marker = join(z.root, "script-ran");
  const pkgJson = JSON.stringify({
    name: "zot-hello",
    scripts: { preinstall: `touch ${marker}`, postinstall: `touch ${marker}` },
  });
  const packages = new Map([["zot-hello", [
    await version("1.0.0", HELLO, [{ path: "package/package.json", content: pkgJson }]),
    await version("1.2.0", HELLO, [{ path: "package/package.json", content: pkgJson }]),
    await version("2.0.0", HELLO),
  ]]]);
  await using reg = fakeRegistry(packages);
  const done = await install(z, "npm:zot-hello@^1.0.0", reg.url);
  assertEquals(done.dir, join(z.paths.extensions, "zot-hello"));
  const manifest = JSON.parse(await Deno.readTextFile(join(done.dir, "extension.json")));
  assertEquals(manifest.version, "1.2.0", "the highest version in the range");
  assertEquals(await Deno.readTextFile(join(done.dir, "README.md")), "v1.2.0");
  assert(!(await Deno.stat(marker).then(() => true, () => false)), "no install script ran");
  const record = await readInstallRecord(z.paths, "zot-hello");
  assertEquals(record?.origin, {
    type: "npm",
    package: "zot-hello",
    range: "^1.0.0",
    version: "1.2.0",
    registry: reg.url,
  });
});

Deno.test("npm install: a scoped package without a range takes latest; its dir drops the scope", async () => {
  await using z = await tempZot();
  const packages = new Map([["@acme/zot-todo", [
    await version("0.1.0", { name: "todo", exec: "./main.ts" }),
    await version("0.2.0", { name: "todo", exec: "./main.ts" }),
    await version("0.3.0-beta.1", { name: "todo", exec: "./main.ts" }),
  ]]]);
  await using reg = fakeRegistry(packages);
  const done = await install(z, "npm:@acme/zot-todo", reg.url);
  assertEquals(done.dir, join(z.paths.extensions, "zot-todo"));
  const record = await readInstallRecord(z.paths, "zot-todo");
  assert(record?.origin.type === "npm");
  assertEquals([record.origin.range, record.origin.version], ["latest", "0.2.0"]);
});

Deno.test("npm install: a tarball that does not match the registry's integrity is refused", async () => {
  await using z = await tempZot();
  const good = await version("1.0.0", HELLO);
  const other = await version("1.0.0", { ...HELLO, exec: "./evil.sh" });
  // The registry published the integrity of `good`; the server hands out `other`.
  const tampered = { ...other, integrity: await fakeIntegrity(good.tarball) };
  await using reg = fakeRegistry(new Map([["zot-hello", [tampered]]]));
  const err = await assertRejects(() => install(z, "npm:zot-hello@1.0.0", reg.url));
  assertStringIncludes((err as Error).message, "does not match the registry's integrity");
  assertEquals(await leftovers(z.paths.extensions), [], "nothing installed, nothing staged");
  assertEquals(await readInstallRecord(z.paths, "zot-hello"), undefined);
});

async function fakeIntegrity(bytes: Uint8Array): Promise<string> {
  const { integrityOf } = await import("../../helpers/tar_build.ts");
  return await integrityOf(bytes);
}

Deno.test("npm install: a package with an entry climbing out is refused and rolled back", async () => {
  await using z = await tempZot();
  const bad = await version("1.0.0", HELLO, [{
    path: "package/../../../escaped.txt",
    content: "x",
  }]);
  await using reg = fakeRegistry(new Map([["zot-hello", [bad]]]));
  const err = await assertRejects(() => install(z, "npm:zot-hello", reg.url));
  assertStringIncludes((err as Error).message, "climbs out of the package");
  assertEquals(await leftovers(z.paths.extensions), []);
  assertEquals(await leftovers(z.root).then((l) => l.includes("escaped.txt")), false);
});

Deno.test("npm install: a download cut halfway is refused and rolled back", async () => {
  await using z = await tempZot();
  const v = await version("1.0.0", HELLO);
  await using reg = fakeRegistry(new Map([["zot-hello", [v]]]), new Set(["zot-hello@1.0.0"]));
  await assertRejects(() => install(z, "npm:zot-hello", reg.url));
  assertEquals(await leftovers(z.paths.extensions), []);
  assertEquals(await readInstallRecord(z.paths, "zot-hello"), undefined);
});

Deno.test("npm install: an unknown package or an unmatched range says so", async () => {
  await using z = await tempZot();
  await using reg = fakeRegistry(new Map([["zot-hello", [await version("1.0.0", HELLO)]]]));
  const missing = await assertRejects(() => install(z, "npm:zot-nope", reg.url));
  assertStringIncludes((missing as Error).message, "HTTP 404 (check the package name)");
  const range = await assertRejects(() => install(z, "npm:zot-hello@^3", reg.url));
  assertStringIncludes((range as Error).message, `no version of "zot-hello" matches "^3"`);
  const name = await assertRejects(() => install(z, "npm:../evil", reg.url));
  assertStringIncludes((name as Error).message, "is not an npm package name");
});

Deno.test("npm update: follows the recorded range; --check only reports", async () => {
  await using z = await tempZot();
  const packages = new Map([["zot-hello", [await version("1.0.0", HELLO)]]]);
  await using reg = fakeRegistry(packages);
  await install(z, "npm:zot-hello@^1.0.0", reg.url);
  const opts = { paths: z.paths, io: noTerminal, log: () => {} };
  assertEquals((await updateExtension("zot-hello", opts)).status, "up-to-date");
  packages.get("zot-hello")!.push(await version("1.1.0", HELLO), await version("2.0.0", HELLO));
  const check = await updateExtension("zot-hello", { ...opts, check: true });
  assertEquals(check.status, "available");
  assert(
    check.changes.some((c) => c.includes(`"version": "1.0.0" -> "1.1.0"`)),
    check.changes.join("\n"),
  );
  const dir = join(z.paths.extensions, "zot-hello");
  assertEquals(
    await Deno.readTextFile(join(dir, "README.md")),
    "v1.0.0",
    "--check changed nothing",
  );
  const done = await updateExtension("zot-hello", opts);
  assertEquals(done.status, "updated");
  assertEquals(
    await Deno.readTextFile(join(dir, "README.md")),
    "v1.1.0",
    "not 2.0.0: out of range",
  );
  const record = await readInstallRecord(z.paths, "zot-hello");
  assert(record?.origin.type === "npm");
  assertEquals([record.origin.range, record.origin.version], ["^1.0.0", "1.1.0"]);
  assertEquals(await leftovers(z.paths.extensions), ["zot-hello"], "no staging or previous left");
});

Deno.test("npm search: lists packages carrying the zot-extension keyword", async () => {
  const packages = new Map([
    ["zot-hello", [await version("1.0.0", HELLO)]],
    ["not-an-extension", [{ ...(await version("3.0.0", HELLO)), keywords: ["other"] }]],
  ]);
  await using reg = fakeRegistry(packages);
  const hits = await searchExtensions(reg.url, ["hello"]);
  assertEquals(hits, [{ name: "zot-hello", version: "1.0.0", description: "hello 1.0.0" }]);
});

Deno.test("npm install: a version published without a sha512 integrity is refused", async () => {
  await using z = await tempZot();
  const v = await version("1.0.0", HELLO);
  for (const integrity of ["sha1-2jmj7l5rSw0yVb/vlWAYkK/YBwk=", "", "sha512-!!"]) {
    await using reg = fakeRegistry(new Map([["zot-hello", [{ ...v, integrity }]]]));
    const err = await assertRejects(() => install(z, "npm:zot-hello", reg.url));
    assertStringIncludes((err as Error).message, "has no sha512 integrity in the registry");
    assertEquals(await leftovers(z.paths.extensions), []);
  }
});
