/**
 * `zot ext install` with pins and npm sources, `zot ext update`, `zot ext
 * search` and the source in `zot ext list`, through the real binary.
 */

import { join } from "../../../src/path.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { fakeRegistry, tarGz } from "../../helpers/tar_build.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { zot, zotCommand, type ZotEnv, type ZotRun } from "./run_zot.ts";

async function git(cwd: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("git", {
    args: ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.code !== 0) throw new Error(new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).trim();
}

const manifest = (version: string) =>
  JSON.stringify({ name: "todo", exec: "./main.ts", scope: {}, version });

async function withRegistry(z: ZotEnv, registry: string, ...args: string[]): Promise<ZotRun> {
  const out = await zotCommand(z, args, {
    env: { ZOT_HOME: z.home, NO_COLOR: "1", ZOT_NPM_REGISTRY: registry },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("zot ext install <git url>: list shows the source, update --check and --all", async () => {
  await using z = await tempZot();
  const repo = join(z.root, "src", "todo");
  await Deno.mkdir(repo, { recursive: true });
  await git(repo, "init", "-q", "-b", "main");
  await Deno.writeTextFile(join(repo, "extension.json"), manifest("1"));
  await Deno.writeTextFile(join(repo, "main.ts"), "// v1\n");
  await git(repo, "add", "-A");
  await git(repo, "commit", "-q", "-m", "first");
  const first = await git(repo, "rev-parse", "HEAD");
  const url = `file://${repo}`;

  const usage = await zot(z, "ext", "update");
  assertEquals(usage.code, 2, usage.stderr);
  assertStringIncludes(usage.stderr, "or pass --all");

  const installed = await zot(z, "ext", "install", url);
  assertEquals(installed.code, 0, installed.stderr);
  const list = JSON.parse((await zot(z, "ext", "list", "--json")).stdout).extensions;
  assertEquals(list[0].source.origin, { type: "git", url, commit: first });
  const table = (await zot(z, "ext", "list")).stdout;
  assertStringIncludes(table, `${url} @ ${first.slice(0, 12)}`);

  const again = await zot(z, "ext", "install", url);
  assertEquals(again.code, 1);
  assertStringIncludes(again.stderr, `(or update it: "zot ext update todo")`);

  const same = await zot(z, "ext", "update", "todo");
  assertEquals(same.code, 0, same.stderr);
  assertStringIncludes(same.stdout, "todo: up to date");

  await Deno.writeTextFile(join(repo, "extension.json"), manifest("2"));
  await git(repo, "commit", "-q", "-am", "second");
  const check = await zot(z, "ext", "update", "--check", "todo");
  assertEquals(check.code, 0, check.stderr);
  assertStringIncludes(check.stdout, "todo: update available");
  assertStringIncludes(check.stdout, "second");
  assertStringIncludes(check.stdout, `manifest "version": "1" -> "2"`);
  const byHand = join(z.home, "extensions", "byhand");
  await Deno.mkdir(byHand);
  await Deno.writeTextFile(
    join(byHand, "extension.json"),
    JSON.stringify({ name: "byhand", exec: "./main.ts", scope: {} }),
  );
  const all = await zot(z, "ext", "update", "--all");
  assertEquals(all.code, 0, all.stderr);
  assertStringIncludes(all.stdout, "todo: updated to");
  assertStringIncludes(all.stderr, "skipped byhand: zot has no record of where it came from");
  const text = await Deno.readTextFile(join(z.home, "extensions", "todo", "extension.json"));
  assertEquals(JSON.parse(text).version, "2");

  // `remove` forgets where it came from.
  assertEquals((await zot(z, "ext", "remove", "--yes", "todo")).code, 0);
  const records = JSON.parse(await Deno.readTextFile(join(z.home, "installs.json")));
  assertEquals(records.installs, {});
});

Deno.test("zot ext install npm:…, search, and an update that needs consent without a terminal", async () => {
  await using z = await tempZot();
  const version = async (v: string, extra: Record<string, unknown> = {}) => ({
    version: v,
    keywords: ["zot-extension"],
    description: "a todo list",
    tarball: await tarGz([
      {
        path: "package/extension.json",
        content: JSON.stringify({ name: "todo", exec: "./main.ts", version: v, ...extra }),
      },
      { path: "package/main.ts", content: "// entry\n" },
    ]),
  });
  const packages = new Map([["zot-todo", [await version("1.0.0")]]]);
  await using reg = fakeRegistry(packages);
  const found = await withRegistry(z, reg.url, "ext", "search", "todo");
  assertEquals(found.code, 0, found.stderr);
  assertStringIncludes(found.stdout, "zot-todo");
  assertStringIncludes(found.stdout, "a todo list");
  const installed = await withRegistry(z, reg.url, "ext", "install", "npm:zot-todo@^1");
  assertEquals(installed.code, 0, installed.stderr);
  assert(await Deno.stat(join(z.home, "extensions", "zot-todo", "main.ts")));
  packages.get("zot-todo")!.push(await version("1.1.0", { scope: { net: ["example.com:443"] } }));
  const refused = await withRegistry(z, reg.url, "ext", "update", "zot-todo");
  assertEquals(refused.code, 1);
  assertStringIncludes(refused.stderr, "stdin is not a terminal");
  const yes = await withRegistry(z, reg.url, "ext", "update", "--yes", "zot-todo");
  assertEquals(yes.code, 0, yes.stderr);
  assertStringIncludes(yes.stdout, "zot-todo: updated to npm:zot-todo@^1 (1.1.0)");
});
