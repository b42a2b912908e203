import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { assertNoLeftoverProcesses } from "../../helpers/procs.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { zot } from "./run_zot.ts";

async function ext(root: string, dir: string, manifest: string) {
  const path = join(root, dir);
  await Deno.mkdir(path, { recursive: true });
  await Deno.writeTextFile(join(path, "extension.json"), manifest);
  return path;
}

Deno.test("zot ext: no subcommand prints help; unknown subcommand is a usage error", async () => {
  await using z = await tempZot();
  // Help the user asked for goes to stdout, exit 0, whichever way it was asked.
  const help = await zot(z, "ext");
  assertEquals([help.code, help.stderr], [0, ""]);
  assertStringIncludes(help.stdout, "list");
  assertStringIncludes(help.stdout, "$ZOT_HOME/extensions/<name>/extension.json");
  for (const args of [["ext", "help"], ["ext", "--help"], ["help", "ext"]]) {
    const same = await zot(z, ...args);
    assertEquals([same.code, same.stdout, same.stderr], [0, help.stdout, ""], args.join(" "));
  }
  const sub = await zot(z, "ext", "help", "rm");
  assertEquals([sub.code, sub.stdout], [0, (await zot(z, "ext", "remove", "--help")).stdout]);
  assertStringIncludes(sub.stdout, "zot ext remove");
  const badHelp = await zot(z, "ext", "help", "nope");
  assertEquals([badHelp.code, badHelp.stdout], [2, ""]);
  assertStringIncludes(
    badHelp.stderr,
    `unknown command "nope" in "zot ext help nope" (run "zot ext --help" to see the commands)`,
  );
  const bad = await zot(z, "ext", "frobnicate");
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, "unknown ext subcommand: frobnicate");
  for (const sub of ["list", "doctor", "install", "remove", "enable", "disable", "logs"]) {
    const h = await zot(z, "ext", sub, "--help");
    assertEquals(h.code, 0, sub);
    assertStringIncludes(h.stdout, `zot ext ${sub}`);
  }
  const missingArg = await zot(z, "ext", "enable");
  assertEquals(missingArg.code, 2);
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext list: nothing installed", async () => {
  await using z = await tempZot();
  const r = await zot(z, "ext", "list");
  assertEquals(r.code, 0);
  assertEquals(r.stdout, "");
  assertEquals(
    r.stderr,
    "no extensions installed\nsee docs/extensions.md to write your own, or `zot ext install <path|url>`\n",
  );
  const json = await zot(z, "ext", "list", "--json");
  assertEquals(JSON.parse(json.stdout), { extensions: [], skipped: [] });
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext list: project then global, by name, table and JSON", async () => {
  await using z = await tempZot();
  await ext(z.paths.extensions, "b", `{"name":"beta","exec":"./b.ts","version":"1.0"}`);
  await ext(
    z.paths.extensions,
    "a",
    `{"name":"alpha","exec":"python3","language":"python","enabled":false}`,
  );
  await ext(z.paths.projectExtensions, "p", `{"name":"proj","exec":"./main.mjs"}`);
  await ext(z.paths.extensions, "broken", `{"name":`);
  await Deno.mkdir(join(z.paths.extensions, "state-only"));
  const r = await zot(z, "ext", "list");
  assertEquals(r.code, 0);
  const lines = r.stdout.trimEnd().split("\n");
  // The header, three rows, and why the held-back project extension does not start.
  assertEquals(lines.length, 5);
  assertEquals(lines[0].split(/\s+/), [
    "location",
    "name",
    "version",
    "enabled",
    "language",
    "sandboxed",
    "state",
    "dir",
  ]);
  assertEquals(lines[1].split(/\s+/), [
    "project",
    "proj",
    "-",
    "yes",
    "-",
    "yes",
    "held",
    "back",
    join(z.paths.projectExtensions, "p"),
  ]);
  assertEquals(lines[2].split(/\s+/), [
    "global",
    "alpha",
    "-",
    "no",
    "python",
    "no",
    "disabled",
    join(z.paths.extensions, "a"),
  ]);
  assertEquals(lines[3].split(/\s+/), [
    "global",
    "beta",
    "1.0",
    "yes",
    "-",
    "yes",
    "ready",
    join(z.paths.extensions, "b"),
  ]);
  assertStringIncludes(lines[4], `proj: "${z.cwd}" is not a trusted project (run "zot trust"`);
  const json = JSON.parse((await zot(z, "ext", "list", "--json")).stdout).extensions;
  assertEquals(json[1], {
    location: "global",
    name: "alpha",
    version: null,
    enabled: false,
    language: "python",
    description: null,
    sandboxed: false,
    dir: join(z.paths.extensions, "a"),
    state: "disabled",
    why: null,
  });
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext enable/disable: by manifest or dir name, comments and unknown keys kept", async () => {
  await using z = await tempZot();
  const text = `{
  // keep me
  "name": "todo", /* and me */
  "exec": "./todo.py",
  "x-extra": [1, 2],
}
`;
  const dir = await ext(z.paths.extensions, "zot-todo", text);
  const off = await zot(z, "ext", "disable", "todo");
  assertEquals([off.code, off.stderr], [0, "disabled todo\n"]);
  const after = await Deno.readTextFile(join(dir, "extension.json"));
  assertStringIncludes(after, "// keep me");
  assertStringIncludes(after, "/* and me */");
  assertStringIncludes(after, `"x-extra": [1, 2]`);
  assertStringIncludes(after, `"enabled": false`);
  const on = await zot(z, "ext", "enable", "zot-todo");
  assertEquals([on.code, on.stderr], [0, "enabled zot-todo\n"]);
  const again = await Deno.readTextFile(join(dir, "extension.json"));
  assertStringIncludes(again, `"enabled": true`);
  assertStringIncludes(again, "// keep me");
  const leftovers = [...Deno.readDirSync(dir)].map((e) => e.name);
  assertEquals(leftovers, ["extension.json"]);
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext remove/enable/disable: not found and ambiguity change nothing", async () => {
  await using z = await tempZot();
  const a = await ext(z.paths.extensions, "todo", `{"name":"todo","exec":"x"}`);
  const b = await ext(z.paths.projectExtensions, "other", `{"name":"todo","exec":"x"}`);
  const missing = await zot(z, "ext", "enable", "nope");
  assertEquals(missing.code, 1);
  assertStringIncludes(missing.stderr, `extension "nope" not found`);
  for (const cmd of ["remove", "enable", "disable"]) {
    const r = await zot(z, "ext", cmd, "todo", ...(cmd === "remove" ? ["--yes"] : []));
    assertEquals(r.code, 1, cmd);
    assertStringIncludes(r.stderr, a);
    assertStringIncludes(r.stderr, b);
    assertStringIncludes(r.stderr, "nothing changed");
  }
  assertEquals(await Deno.readTextFile(join(a, "extension.json")), `{"name":"todo","exec":"x"}`);
  assertEquals((await Deno.stat(b)).isDirectory, true);
  // The directory name is unique: that works.
  const r = await zot(z, "ext", "rm", "other", "-y");
  assertEquals([r.code, r.stderr], [0, `removed ${b}\n`]);
  await Deno.stat(b).then(() => Promise.reject(new Error("still there")), () => {});
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext remove: without a terminal and without --yes it refuses", async () => {
  await using z = await tempZot();
  const dir = await ext(z.paths.extensions, "todo", `{"name":"todo","exec":"x"}`);
  const r = await zot(z, "ext", "remove", "todo");
  assertEquals(r.code, 1);
  assertStringIncludes(r.stderr, "pass --yes");
  assertEquals((await Deno.stat(dir)).isDirectory, true);
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext remove: a symlinked install loses only the link", async () => {
  await using z = await tempZot();
  const real = await ext(z.root, "work/linked", `{"name":"linked","exec":"x"}`);
  await Deno.mkdir(z.paths.extensions, { recursive: true });
  await Deno.symlink(real, join(z.paths.extensions, "linked"));
  const r = await zot(z, "ext", "remove", "linked", "--yes");
  assertEquals(r.code, 0, r.stderr);
  assertEquals((await Deno.stat(join(real, "extension.json"))).isFile, true);
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext disable refuses a manifest with two enabled keys instead of saying disabled", async () => {
  await using z = await tempZot();
  const text = `{"name":"dup","exec":"./x","enabled":true,"enabled":true}`;
  const dir = await ext(z.paths.extensions, "dup", text);
  const off = await zot(z, "ext", "disable", "dup");
  assertEquals(off.code, 1, off.stderr);
  assertStringIncludes(
    off.stderr,
    `key "enabled" appears twice at the top level (keep one of them)`,
  );
  assertEquals(await Deno.readTextFile(join(dir, "extension.json")), text, "nothing changed");
});
