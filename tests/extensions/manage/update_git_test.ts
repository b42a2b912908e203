/**
 * `zot ext update` and pins against real git repositories: what is
 * recorded, what an update reports, when it asks again, and that every
 * failure (refused consent, a broken manifest, a killed fetch, a failed
 * commit) leaves the installed extension, its consent and its record as
 * they were.
 */

import { join } from "../../../src/path.ts";
import { installExtension } from "../../../src/extensions/manage/install.ts";
import { updateExtension, type UpdateOptions } from "../../../src/extensions/manage/update.ts";
import { readInstallRecord } from "../../../src/extensions/manage/record.ts";
import { type ConsentIO, installConsent } from "../../../src/extensions/consent.ts";
import { findGrant } from "../../../src/sandbox/grants.ts";
import { checkConsent } from "../../../src/extensions/consent_check.ts";
import { listInstalls } from "../../../src/extensions/manage/lookup.ts";
import type { GitRunner } from "../../../src/extensions/manage/git.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";

type Z = Awaited<ReturnType<typeof tempZot>>;

async function git(cwd: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("git", {
    args: ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args],
    cwd,
    env: { GIT_CONFIG_NOSYSTEM: "1", HOME: cwd },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.code !== 0) throw new Error(new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).trim();
}

const MANIFEST = { name: "todo", exec: "./main.ts", scope: {} };

/** Commit `files` (manifest objects become JSON) and return the commit. */
async function commit(repo: string, message: string, files: Record<string, unknown>) {
  for (const [rel, v] of Object.entries(files)) {
    await Deno.writeTextFile(join(repo, rel), typeof v === "string" ? v : JSON.stringify(v));
  }
  await git(repo, "add", "-A");
  await git(repo, "commit", "-q", "-m", message);
  return await git(repo, "rev-parse", "HEAD");
}

async function repo(z: Z): Promise<{ dir: string; url: string; first: string }> {
  const dir = join(z.root, "src", "todo");
  await Deno.mkdir(dir, { recursive: true });
  await git(dir, "init", "-q", "-b", "main");
  const first = await commit(dir, "first", {
    "extension.json": { ...MANIFEST, version: "1" },
    "main.ts": "// v1\n",
  });
  await git(dir, "tag", "v1");
  return { dir, url: `file://${dir}`, first };
}

const quiet: ConsentIO = {
  interactive: () => false,
  ask: () => Promise.resolve(false),
  print() {},
};

function install(z: Z, src: string) {
  return installExtension(src, {
    paths: z.paths,
    yes: true,
    log: () => {},
    confirm: installConsent(z.paths, quiet),
  });
}

function opts(z: Z, extra: Partial<UpdateOptions> = {}): UpdateOptions {
  return { paths: z.paths, io: quiet, log: () => {}, ...extra };
}

const installed = (z: Z) => Deno.readTextFile(join(z.paths.extensions, "todo", "main.ts"));

async function entries(dir: string) {
  return (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
}

/** The install, its consent and its record are exactly as before. */
async function unchanged(z: Z, commitWas: string, mainWas = "// v1\n") {
  assertEquals(await installed(z), mainWas);
  const rec = await readInstallRecord(z.paths, "todo");
  assert(rec?.origin.type === "git");
  assertEquals(rec.origin.commit, commitWas);
  const grant = await findGrant(z.paths.grants, join(z.paths.extensions, "todo"));
  assertEquals(grant?.exec, "./main.ts");
  assertEquals(await entries(z.paths.extensions), ["todo"], "no staging or previous left");
}

Deno.test("git pins: a tag, a commit; the record keeps url, ref and commit", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await commit(r.dir, "second", { "main.ts": "// v2\n" });
  await install(z, `${r.url}#v1`);
  assertEquals(await installed(z), "// v1\n");
  assertEquals((await readInstallRecord(z.paths, "todo"))?.origin, {
    type: "git",
    url: r.url,
    ref: "v1",
    commit: r.first,
  });
  // Pinned to a tag: the branch moving on is not an update.
  assertEquals((await updateExtension("todo", opts(z))).status, "up-to-date");
  assertEquals(await installed(z), "// v1\n");

  await using z2 = await tempZot();
  await install(z2, `${r.url}#${r.first.slice(0, 10)}`);
  assertEquals(await installed(z2), "// v1\n");
  const rec = await readInstallRecord(z2.paths, "todo");
  assert(rec?.origin.type === "git");
  assertEquals(rec.origin.commit, r.first);
});

Deno.test("git update: --check reports the commits and manifest changes, then the update swaps", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await install(z, r.url);
  assertEquals((await updateExtension("todo", opts(z))).status, "up-to-date");
  const second = await commit(r.dir, "second change", {
    "extension.json": { ...MANIFEST, version: "2" },
    "main.ts": "// v2\n",
  });
  const check = await updateExtension("todo", opts(z, { check: true }));
  assertEquals(check.status, "available");
  assert(
    check.changes.includes(`commit ${second.slice(0, 7)} second change`),
    check.changes.join("\n"),
  );
  assert(check.changes.includes(`manifest "version": "1" -> "2"`), check.changes.join("\n"));
  await unchanged(z, r.first);
  const done = await updateExtension("todo", opts(z));
  assertEquals(done.status, "updated");
  assertEquals(await installed(z), "// v2\n");
  const rec = await readInstallRecord(z.paths, "todo");
  assert(rec?.origin.type === "git");
  assertEquals(rec.origin.commit, second);
  assertEquals(await entries(z.paths.extensions), ["todo"]);
});

Deno.test("git update: a new exec asks again; without a terminal and --yes it refuses and rolls back", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await install(z, r.url);
  await commit(r.dir, "now a plain program", {
    "extension.json": { name: "todo", exec: "./run.sh" },
    "run.sh": "#!/bin/sh\n",
  });
  const err = await assertRejects(() => updateExtension("todo", opts(z)));
  assertStringIncludes((err as Error).message, "stdin is not a terminal");
  await unchanged(z, r.first);
  const declined: ConsentIO = { ...quiet, interactive: () => true };
  const no = await assertRejects(() => updateExtension("todo", opts(z, { io: declined })));
  assertStringIncludes((no as Error).message, "you declined");
  await unchanged(z, r.first);
  assertEquals(await startsAsAgreed(z), { ok: true }, "the old version still starts");
  assertEquals((await updateExtension("todo", opts(z, { yes: true }))).status, "updated");
  const grant = await findGrant(z.paths.grants, join(z.paths.extensions, "todo"));
  assertEquals([grant?.exec, grant?.kind], ["./run.sh", "plain"]);
  assertEquals(await startsAsAgreed(z), { ok: true }, "the updated version may start");
});

Deno.test("git update: a widened scope asks again; the same scope does not", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await install(z, r.url);
  await commit(r.dir, "same scope", { "main.ts": "// v2\n" });
  assertEquals((await updateExtension("todo", opts(z))).status, "updated");
  const v2 = (await readInstallRecord(z.paths, "todo"))!.origin;
  assert(v2.type === "git" && v2.commit);
  await commit(r.dir, "wants the network", {
    "extension.json": { ...MANIFEST, scope: { net: ["example.com:443"] } },
  });
  const err = await assertRejects(() => updateExtension("todo", opts(z)));
  assertStringIncludes((err as Error).message, "stdin is not a terminal");
  await unchanged(z, v2.commit, "// v2\n");
  let asked = "";
  const agree: ConsentIO = {
    interactive: () => true,
    ask: (q) => (asked = q, Promise.resolve(true)),
    print() {},
  };
  assertEquals((await updateExtension("todo", opts(z, { io: agree }))).status, "updated");
  assertStringIncludes(asked, `Update "todo" with these permissions?`);
  const grant = await findGrant(z.paths.grants, join(z.paths.extensions, "todo"));
  assertEquals(grant?.scope?.net, ["example.com:443"]);
  assertEquals(await startsAsAgreed(z), { ok: true }, "the updated version may start");
});

/** What zot checks before starting the installed extension. */
async function startsAsAgreed(z: Z) {
  const found = (await listInstalls(z.paths)).find((i) =>
    i.ok && i.source.manifest.name === "todo"
  );
  assert(found?.ok);
  return await checkConsent(found.source, z.paths);
}

Deno.test("git update: a broken manifest in the new version is refused and rolled back", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await install(z, r.url);
  await commit(r.dir, "broken", { "extension.json": `{"name": "todo", ` });
  const err = await assertRejects(() => updateExtension("todo", opts(z, { yes: true })));
  assertStringIncludes((err as Error).message, "is invalid");
  await unchanged(z, r.first);
});

Deno.test("git update: a fetch killed halfway is rolled back", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await install(z, r.url);
  await commit(r.dir, "second", { "main.ts": "// v2\n" });
  const killed: GitRunner = {
    async clone(_url, dest) {
      await Deno.mkdir(dest);
      await Deno.writeTextFile(join(dest, "extension.json"), "{");
      return { ok: false, error: "stopped by SIGKILL" };
    },
  };
  const err = await assertRejects(() => updateExtension("todo", opts(z, { git: killed })));
  assertStringIncludes((err as Error).message, "stopped by SIGKILL");
  await unchanged(z, r.first);
});

Deno.test("git update: a failure after the swap puts the old version and records back", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await install(z, r.url);
  await commit(r.dir, "second", { "main.ts": "// v2\n" });
  const grantsBefore = await Deno.readTextFile(z.paths.grants);
  // The consent store cannot be written: the commit step of the swap fails.
  await Deno.remove(z.paths.grants);
  await Deno.mkdir(z.paths.grants);
  const err = await assertRejects(() => updateExtension("todo", opts(z)));
  assertStringIncludes((err as Error).message, "rolled back");
  assertEquals(await installed(z), "// v1\n");
  const rec = await readInstallRecord(z.paths, "todo");
  assert(rec?.origin.type === "git");
  assertEquals(rec.origin.commit, r.first);
  assertEquals(await entries(z.paths.extensions), ["todo"]);
  await Deno.remove(z.paths.grants);
  await Deno.writeTextFile(z.paths.grants, grantsBefore);
  assertEquals((await updateExtension("todo", opts(z))).status, "updated");
});

Deno.test("path update: fetches again from the recorded path", async () => {
  await using z = await tempZot();
  const src = join(z.root, "src", "todo");
  await Deno.mkdir(src, { recursive: true });
  await Deno.writeTextFile(join(src, "extension.json"), JSON.stringify(MANIFEST));
  await Deno.writeTextFile(join(src, "main.ts"), "// v1\n");
  await install(z, src);
  assertEquals((await readInstallRecord(z.paths, "todo"))?.origin, { type: "path", path: src });
  assertEquals((await updateExtension("todo", opts(z))).status, "up-to-date");
  await Deno.writeTextFile(join(src, "main.ts"), "// v2\n");
  const done = await updateExtension("todo", opts(z));
  assertEquals(done.status, "updated");
  assert(done.changes.includes("files: main.ts edited"), done.changes.join("\n"));
  assertEquals(await installed(z), "// v2\n");
});

Deno.test("install over an existing name points at the update; unrecorded installs say how to fix", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await install(z, r.url);
  const err = await assertRejects(() => install(z, r.url));
  assertStringIncludes((err as Error).message, `already exists; remove it first`);
  assertStringIncludes((err as Error).message, `"zot ext update todo"`);
  const byHand = join(z.paths.extensions, "byhand");
  await Deno.mkdir(byHand);
  await Deno.writeTextFile(
    join(byHand, "extension.json"),
    JSON.stringify({ ...MANIFEST, name: "byhand" }),
  );
  const none = await assertRejects(() => updateExtension("byhand", opts(z)));
  assertStringIncludes((none as Error).message, "no record of where it came from");
  const missing = await assertRejects(() => updateExtension("nope", opts(z)));
  assertStringIncludes((missing as Error).message, "zot ext list");
});

Deno.test("an update killed between its two renames is put back by the next install or update", async () => {
  await using z = await tempZot();
  const r = await repo(z);
  await install(z, r.url);
  const dir = join(z.paths.extensions, "todo");
  // What a SIGKILL right after the first rename of the swap leaves.
  await Deno.rename(dir, join(z.paths.extensions, ".zot-install-todo-0123abcd-previous"));
  const lines: string[] = [];
  const out = await updateExtension("todo", opts(z, { log: (l) => lines.push(l) }));
  assertEquals(out.status, "up-to-date");
  assertEquals(lines, [`restored ${dir}, set aside by an update that did not finish`]);
  await unchanged(z, r.first);
  await Deno.rename(dir, join(z.paths.extensions, ".zot-install-todo-0123abcd-previous"));
  const again = await assertRejects(() => install(z, r.url));
  assertStringIncludes((again as Error).message, "already exists");
  await unchanged(z, r.first);
});
