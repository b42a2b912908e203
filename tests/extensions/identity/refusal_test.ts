/**
 * A refused consent stores nothing: an install without a terminal and
 * without `--yes`, an install the user answers "no" to, and a grant refused
 * either way leave the identity store as it was.
 */

import { join } from "node:path";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../../helpers/assert.ts";
import { type ConsentIO, installConsent } from "../../../src/extensions/consent.ts";
import { installExtension } from "../../../src/extensions/manage/install.ts";
import { grantCommand } from "../../../src/cli/ext/grant.ts";
import { manifest, pythonExtension, scriptExtension, world } from "./_world.ts";

function answering(yes: boolean, tty = true): ConsentIO & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    interactive: () => tty,
    ask: (q) => {
      asked.push(q);
      return Promise.resolve(yes);
    },
    print: () => {},
  };
}

/** The store's bytes, or undefined when there is none. */
const store = (path: string) => Deno.readTextFile(path).catch(() => undefined);

Deno.test("refusal: zot ext install without a terminal and without --yes stores nothing", async () => {
  await using w = await world();
  for (
    const [name, files] of [
      ["py", { "extension.json": manifest({ name: "py", exec: "./run.py" }), "run.py": "" }],
      ["wide", {
        "extension.json": manifest({ name: "wide", exec: "./main.ts", scope: { net: ["x.io"] } }),
        "main.ts": "",
      }],
    ] as const
  ) {
    const url = await w.publish(name, files);
    const r = await w.run("ext", "install", url);
    assertEquals(r.code, 1);
    assertStringIncludes(r.stderr, "stdin is not a terminal");
  }
  assertEquals(await store(w.paths.grants), undefined);
  assertEquals([...Deno.readDirSync(w.paths.extensions)], []);
});

Deno.test("refusal: answering no to an install stores nothing; yes stores the identity", async () => {
  await using w = await world();
  const src = join(w.root, "src", "py");
  await Deno.mkdir(src, { recursive: true });
  await Deno.writeTextFile(join(src, "extension.json"), manifest({ name: "py", exec: "./run.py" }));
  await Deno.writeTextFile(join(src, "run.py"), pythonExtension("py", w.marker));
  const no = answering(false);
  await assertRejects(
    () =>
      installExtension(src, {
        paths: w.paths,
        confirm: installConsent(w.paths, no),
        log: () => {},
      }),
    "you declined",
  );
  assertEquals(no.asked, [`Install "py" with these permissions?`]);
  assertEquals(await store(w.paths.grants), undefined);
  const yes = answering(true);
  await installExtension(src, {
    paths: w.paths,
    confirm: installConsent(w.paths, yes),
    log: () => {},
  });
  const saved = JSON.parse((await store(w.paths.grants))!);
  const [entry] = Object.values(saved.grants) as Record<string, unknown>[];
  assertEquals([entry.name, entry.exec, entry.kind, entry.via], [
    "py",
    "./run.py",
    "plain",
    "install",
  ]);
  assertEquals(typeof entry.manifest_sha256, "string");
  assertEquals((entry.manifest_sha256 as string).length, 64);
});

Deno.test("refusal: a refused zot ext grant leaves the store unchanged", async () => {
  await using w = await world();
  const url = await w.publish("wx", {
    "extension.json": manifest({ name: "wx", exec: "./main.ts" }),
    "main.ts": scriptExtension("wx", w.marker),
  });
  assertEquals((await w.run("ext", "install", url, "--yes")).code, 0);
  const before = await store(w.paths.grants);
  assert(before);
  await w.publish("wx", {
    "extension.json": manifest({ name: "wx", exec: "./run.py" }),
    "run.py": pythonExtension("wx", w.marker),
  });
  await w.pull("wx");
  // No terminal, no --yes.
  const r = await w.run("ext", "grant", "wx");
  assertEquals(r.code, 1);
  assertStringIncludes(r.stderr, `changed since the last grant: exec "./main.ts" -> "./run.py"`);
  assertStringIncludes(r.stderr, "NOT sandboxed");
  assertEquals(await store(w.paths.grants), before);
  // The user answering no.
  await assertRejects(() => grantCommand(w.paths, "wx", { io: answering(false) }), "you declined");
  assertEquals(await store(w.paths.grants), before);
  assertEquals(await w.escaped(), false);
});

for (
  const [kind, files] of [
    ["plain", { "extension.json": manifest({ name: "k", exec: "./run.py" }), "run.py": "" }],
    ["sandboxed", { "extension.json": manifest({ name: "k", exec: "./main.ts" }), "main.ts": "" }],
    ["passive", { "extension.json": manifest({ name: "k" }), "theme.json": "{}" }],
  ] as const
) {
  Deno.test(`refusal: an accepted install records a ${kind} extension's identity`, async () => {
    await using w = await world();
    const url = await w.publish("k", files);
    const r = await w.run("ext", "install", url, "--yes");
    assertEquals(r.code, 0, r.stderr);
    const saved = JSON.parse((await store(w.paths.grants))!);
    const entry = saved.grants[join(w.paths.extensions, "k")];
    assertEquals([entry?.name, entry?.kind, entry?.via], ["k", kind, "install"]);
  });
}
