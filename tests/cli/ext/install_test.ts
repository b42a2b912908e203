import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { processesMatching } from "../../helpers/procs.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { until } from "../../helpers/wait.ts";
import { zot } from "./run_zot.ts";

async function git(cwd: string, ...args: string[]): Promise<void> {
  const out = await new Deno.Command("git", {
    args: [
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@example.com",
      "-c",
      "init.defaultBranch=main",
      ...args,
    ],
    cwd,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (out.code !== 0) {
    throw new Error(`git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** A bare repository `<root>/repos/<name>.git` holding an extension. */
async function bareRepo(
  root: string,
  name: string,
  files: Record<string, string>,
): Promise<string> {
  const work = join(root, "work", name);
  await Deno.mkdir(work, { recursive: true });
  for (const [rel, text] of Object.entries(files)) await Deno.writeTextFile(join(work, rel), text);
  await git(work, "init", "-q");
  await git(work, "add", ".");
  await git(work, "commit", "-q", "-m", "init");
  const bare = join(root, "repos", `${name}.git`);
  await Deno.mkdir(join(root, "repos"), { recursive: true });
  await git(root, "clone", "-q", "--bare", work, bare);
  return bare;
}

Deno.test("zot ext install <path>: success, then already exists", async () => {
  await using z = await tempZot();
  const src = join(z.root, "src", "hello");
  await Deno.mkdir(src, { recursive: true });
  await Deno.writeTextFile(join(src, "extension.json"), `{"name":"hello","exec":"./h.py"}`);
  await Deno.writeTextFile(join(src, ".gitignore"), "*.tmp\n");
  await Deno.writeTextFile(join(src, "x.tmp"), "x");
  const out = join(z.paths.extensions, "hello");
  const refused = await zot(z, "ext", "install", src);
  assertEquals(refused.code, 1);
  assertStringIncludes(refused.stderr, "rolled back");
  assertEquals([...Deno.readDirSync(z.paths.extensions)], []);
  const r = await zot(z, "ext", "install", src, "--yes");
  assertEquals([r.code, r.stdout], [0, ""]);
  assert(r.stderr.endsWith(`installed ${out}\n`), r.stderr);
  assertEquals((await Deno.stat(join(out, "extension.json"))).isFile, true);
  await Deno.stat(join(out, "x.tmp")).then(
    () => Promise.reject(new Error("x.tmp copied")),
    () => {},
  );
  const again = await zot(z, "ext", "install", src, "--yes");
  assertEquals(again.code, 1);
  assertStringIncludes(again.stderr, `destination ${out} already exists; remove it first`);
  const list = JSON.parse((await zot(z, "ext", "list", "--json")).stdout);
  assertEquals(list.map((r: { name: string }) => r.name), ["hello"]);
});

Deno.test("zot ext install .: the name comes from the absolute path", async () => {
  await using z = await tempZot();
  await Deno.writeTextFile(join(z.cwd, "extension.json"), `{"name":"mine","exec":"./m.sh"}`);
  const r = await zot(z, "ext", "install", ".", "--yes");
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stderr, `installed ${join(z.paths.extensions, "project")}\n`);
  const bad = await zot(z, "ext", "install", "./nothing-here", "--yes");
  assertEquals(bad.code, 1);
  assertStringIncludes(bad.stderr, "cannot read ./nothing-here");
});

Deno.test("zot ext install file://: shallow clone from a bare repository", async () => {
  await using z = await tempZot();
  const bare = await bareRepo(z.root, "todo", {
    "extension.json": `{ "name": "todo", "exec": "./todo.py", /* jsonc */ }`,
    "todo.py": "print(1)\n",
  });
  const r = await zot(z, "ext", "install", `file://${bare}`, "--yes");
  const out = join(z.paths.extensions, "todo");
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stderr, "Cloning into");
  assertStringIncludes(r.stderr, `installed ${out}\n`);
  assertEquals(await Deno.readTextFile(join(out, "todo.py")), "print(1)\n");
  assert((await Deno.stat(join(out, ".git"))).isDirectory);
  const names = [...Deno.readDirSync(z.paths.extensions)].map((e) => e.name);
  assertEquals(names, ["todo"]);
});

Deno.test("zot ext install file://: a repository without manifest is rolled back", async () => {
  await using z = await tempZot();
  const bare = await bareRepo(z.root, "plain", { "README.md": "no manifest\n" });
  const r = await zot(z, "ext", "install", `file://${bare}`, "--yes");
  assertEquals(r.code, 1);
  assertStringIncludes(r.stderr, "installed dir lacks extension.json; aborted and rolled back");
  assertEquals([...Deno.readDirSync(z.paths.extensions)], []);
  const missing = await zot(z, "ext", "install", `file://${z.root}/repos/absent.git`, "--yes");
  assertEquals(missing.code, 1);
  assertStringIncludes(missing.stderr, "git clone: exited with status 128");
  assertEquals([...Deno.readDirSync(z.paths.extensions)], []);
});

Deno.test("zot ext install git://: clone from git daemon on 127.0.0.1", async () => {
  await using z = await tempZot();
  await bareRepo(z.root, "weather", {
    "extension.json": `{"name":"weather","exec":"./w.sh","version":"1.0.0"}`,
    "w.sh": "#!/bin/sh\n",
  });
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = probe.addr.port;
  probe.close();
  const repos = join(z.root, "repos");
  const daemon = new Deno.Command("git", {
    args: [
      "daemon",
      "--reuseaddr",
      `--base-path=${repos}`,
      "--export-all",
      `--port=${port}`,
      "--listen=127.0.0.1",
      repos,
    ],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    await until(
      async () => {
        try {
          (await Deno.connect({ hostname: "127.0.0.1", port })).close();
          return true;
        } catch {
          return false;
        }
      },
      10_000,
      "git daemon to accept connections",
    );
    const r = await zot(z, "ext", "install", `git://127.0.0.1:${port}/weather.git`, "--yes");
    assertEquals(r.code, 0, r.stderr);
    const out = join(z.paths.extensions, "weather");
    assertStringIncludes(r.stderr, `installed ${out}\n`);
    assertEquals(await Deno.readTextFile(join(out, "w.sh")), "#!/bin/sh\n");
  } finally {
    daemon.kill("SIGTERM");
    await daemon.status;
  }
  await until(() => processesMatching(repos).length === 0, 5_000, "git daemon children to exit");
});
