import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "../../helpers/assert.ts";
import { processesMatching } from "../../helpers/procs.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { until, withTimeout } from "../../helpers/wait.ts";
import { zot, zotCommand } from "./run_zot.ts";

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
  const list = JSON.parse((await zot(z, "ext", "list", "--json")).stdout).extensions;
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
    // git's progress reaches the user although stderr is no terminal here (--progress),
    // from both ends: the daemon's side band and the local receive.
    assertStringIncludes(r.stderr, "remote: Enumerating objects:");
    assertMatch(r.stderr, /Receiving objects: 100% \(\d+\/\d+\), done\./);
    assertEquals(await Deno.readTextFile(join(out, "w.sh")), "#!/bin/sh\n");
  } finally {
    daemon.kill("SIGTERM");
    await daemon.status;
  }
  await until(() => processesMatching(repos).length === 0, 5_000, "git daemon children to exit");
});

/** Entries of the extensions directory (staging directories included). */
function installed(z: { paths: { extensions: string } }): string[] {
  return [...Deno.readDirSync(z.paths.extensions)].map((e) => e.name).sort();
}

Deno.test("zot ext install: Ctrl-C during the clone stops git and rolls back (130)", async () => {
  await using z = await tempZot();
  // A git:// server that accepts and never answers: the clone waits inside git.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const connected = Promise.withResolvers<Deno.Conn>();
  const accepting = listener.accept().then(connected.resolve, connected.reject);
  const child = zotCommand(z, [
    "ext",
    "install",
    `git://127.0.0.1:${listener.addr.port}/hang.git`,
    "--yes",
  ]).spawn();
  const stderr = new Response(child.stderr).text();
  let conn: Deno.Conn | undefined;
  try {
    conn = await withTimeout(connected.promise, 20_000, "git to connect");
    // git made its directory before connecting: the staging directory is there.
    assertEquals(installed(z).filter((n) => n.startsWith(".zot-install-hang-")).length, 1);
    child.kill("SIGINT");
    const status = await withTimeout(child.status, 10_000, "zot to exit after Ctrl-C");
    assertEquals(status.code, 130, await stderr);
    // Checked while the server still holds the connection: zot stopped git and removed
    // the staging directory itself (a git left waiting would still have it).
    await until(() => processesMatching(z.root).length === 0, 5_000, "git to be gone");
    assertEquals(installed(z), []);
  } finally {
    conn?.close();
    listener.close();
    await accepting;
  }
  assertStringIncludes(
    await stderr,
    "zot: install interrupted by Ctrl-C; rolled back, nothing was installed\n",
  );
});

Deno.test("zot ext install: staging directories of killed installs older than an hour are removed", async () => {
  await using z = await tempZot();
  await Deno.mkdir(z.paths.extensions, { recursive: true });
  const old = join(z.paths.extensions, ".zot-install-old-1234abcd");
  const fresh = join(z.paths.extensions, ".zot-install-busy-5678abcd");
  for (const dir of [old, fresh]) {
    await Deno.mkdir(join(dir, "sub"), { recursive: true });
    await Deno.writeTextFile(join(dir, "sub", "f"), "x");
  }
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await Deno.utime(old, twoHoursAgo, twoHoursAgo);
  const src = join(z.root, "src", "hello");
  await Deno.mkdir(src, { recursive: true });
  await Deno.writeTextFile(join(src, "extension.json"), `{"name":"hello","exec":"./h.py"}`);
  const r = await zot(z, "ext", "install", src, "--yes");
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stderr, `removed ${old}, left behind by an install that did not finish\n`);
  // A recent one may belong to an install running right now.
  assertEquals(installed(z), [".zot-install-busy-5678abcd", "hello"]);
});

/** A fake `ssh` on PATH that records its arguments and fails like an unreachable host. */
async function fakeSsh(root: string): Promise<{ bin: string; calls: () => string }> {
  const bin = join(root, "fakebin");
  const log = join(root, "ssh-calls.log");
  await Deno.mkdir(bin, { recursive: true });
  await Deno.writeTextFile(
    join(bin, "ssh"),
    `#!/bin/sh\necho "$@" >> '${log}'\necho "fake ssh: no route" >&2\nexit 255\n`,
  );
  await Deno.chmod(join(bin, "ssh"), 0o755);
  return { bin, calls: () => Deno.readTextFileSync(log) };
}

Deno.test("zot ext install over ssh: BatchMode, unless the user chose an ssh command", async () => {
  await using z = await tempZot();
  const ssh = await fakeSsh(z.root);
  const globalConfig = join(z.root, "gitconfig");
  await Deno.writeTextFile(globalConfig, "");
  // The user's own environment and git configuration must not decide this test.
  const base: Record<string, string> = Deno.env.toObject();
  for (const k of ["GIT_SSH_COMMAND", "GIT_SSH", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM"]) {
    delete base[k];
  }
  const run = async (extra: Record<string, string>) => {
    await Deno.remove(join(z.root, "ssh-calls.log")).catch(() => {});
    const out = await zotCommand(
      z,
      ["ext", "install", "ssh://127.0.0.1:1/team/tool.git", "--yes"],
      {
        clearEnv: true,
        env: {
          ...base,
          PATH: `${ssh.bin}:${base.PATH ?? "/usr/bin:/bin"}`,
          ZOT_HOME: z.home,
          NO_COLOR: "1",
          GIT_CONFIG_GLOBAL: globalConfig,
          GIT_CONFIG_NOSYSTEM: "1",
          ...extra,
        },
      },
    ).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assertEquals(out.code, 1, stderr);
    assertStringIncludes(stderr, "git clone: exited with status 128");
    return ssh.calls();
  };
  const batch = await run({});
  assertStringIncludes(batch, "-o BatchMode=yes");
  assertStringIncludes(batch, "127.0.0.1");
  const mine = await run({ GIT_SSH_COMMAND: "ssh -o MyChoice=yes" });
  assertStringIncludes(mine, "-o MyChoice=yes");
  assert(!mine.includes("BatchMode"), mine);
  await Deno.writeTextFile(globalConfig, `[core]\n\tsshCommand = ssh -o FromConfig=yes\n`);
  const configured = await run({});
  assertStringIncludes(configured, "-o FromConfig=yes");
  assert(!configured.includes("BatchMode"), configured);
  assertEquals(installed(z), []);
});

Deno.test("zot ext install: a non-executable exec gets the note a missing one gets; a TS entry does not", async () => {
  await using z = await tempZot();
  const src = join(z.root, "src", "noexec");
  await Deno.mkdir(src, { recursive: true });
  await Deno.writeTextFile(join(src, "extension.json"), `{"name":"noexec","exec":"./run.py"}`);
  await Deno.writeTextFile(join(src, "run.py"), "print('hi')\n");
  await Deno.chmod(join(src, "run.py"), 0o644);
  const r = await zot(z, "ext", "install", src, "--yes");
  assertEquals(r.code, 0, r.stderr);
  const path = join(z.paths.extensions, "noexec", "run.py");
  assertStringIncludes(
    r.stderr,
    `note: exec "./run.py" is not executable, so "noexec" will not start (run "chmod +x ${path}")`,
  );

  const ts = join(z.root, "src", "tsext");
  await Deno.mkdir(ts, { recursive: true });
  await Deno.writeTextFile(join(ts, "extension.json"), `{"name":"tsext","exec":"./main.ts"}`);
  await Deno.writeTextFile(join(ts, "main.ts"), "export {};\n");
  await Deno.chmod(join(ts, "main.ts"), 0o644);
  const t = await zot(z, "ext", "install", ts, "--yes");
  assertEquals(t.code, 0, t.stderr);
  assert(!t.stderr.includes("note:"), t.stderr);
});

Deno.test("zot ext install: a name longer than 128 bytes is refused before anything is installed", async () => {
  await using z = await tempZot();
  const src = join(z.root, "src", "long");
  await Deno.mkdir(src, { recursive: true });
  const name = "n".repeat(300);
  await Deno.writeTextFile(join(src, "extension.json"), JSON.stringify({ name, exec: "./x.sh" }));
  const r = await zot(z, "ext", "install", src, "--yes");
  assertEquals(r.code, 1, r.stderr);
  assertStringIncludes(
    r.stderr,
    `manifest: name is 300 bytes long, more than the 128 allowed (shorten "name" in extension.json)`,
  );
  assertEquals([...Deno.readDirSync(z.paths.extensions)], []);
  // Bytes, not characters: 43 three-byte characters are 129 bytes.
  await Deno.writeTextFile(
    join(src, "extension.json"),
    JSON.stringify({ name: "€".repeat(43), exec: "./x.sh" }),
  );
  const wide = await zot(z, "ext", "install", src, "--yes");
  assertEquals(wide.code, 1, wide.stderr);
  assertStringIncludes(wide.stderr, "name is 129 bytes long");
});
