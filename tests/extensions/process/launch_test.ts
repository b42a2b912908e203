import { join } from "node:path";
import { planLaunch, resolveExec, which } from "../../../src/extensions/launch.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempDir, tempZot } from "../../helpers/tmp.ts";
import { fixtureSource } from "./_helpers.ts";

Deno.test("launch: relative exec is joined to the extension dir; cwd and data dir are the dir", async () => {
  await using zot = await tempZot();
  const source = fixtureSource("hello-py");
  const result = await planLaunch(source, { paths: zot.paths });
  assert(result.ok);
  assertEquals(result.plan, {
    command: join(source.dir, "hello.py"),
    args: [],
    cwd: source.dir,
    env: { PWD: source.dir },
    sandboxed: false,
    dataDir: source.dir,
  });
});

Deno.test("launch: a bare name is looked up on PATH, args kept, env inherited but PWD", async () => {
  await using zot = await tempZot();
  const source = fixtureSource("hello-node");
  const result = await planLaunch(source, { paths: zot.paths });
  assert(result.ok);
  assertEquals(result.plan.command, which("node", Deno.env.get("PATH") ?? ""));
  assertEquals(result.plan.args, ["main.mjs"]);
  // Added to the inherited environment: only PWD changes, to the working directory.
  assertEquals(result.plan.env, { PWD: source.dir });
  assertEquals(result.plan.clearEnv, undefined);
});

Deno.test("launch: a bare name missing from PATH is executable file not found", async () => {
  await using zot = await tempZot();
  const result = await planLaunch(fixtureSource("hello-py", { exec: "python3" }), {
    paths: zot.paths,
    searchPath: "",
  });
  assert(!result.ok);
  assertEquals(result.error, 'exec: "python3": executable file not found in $PATH');
});

Deno.test("launch: absolute, ./, ../ and nested paths resolve; missing and non-executable files fail", async () => {
  await using dir = await tempDir();
  const ext = join(dir.path, "ext");
  await Deno.mkdir(join(ext, "bin"), { recursive: true });
  await Deno.writeTextFile(join(ext, "bin", "run"), "#!/bin/sh\n", { mode: 0o755 });
  await Deno.writeTextFile(join(dir.path, "sibling"), "#!/bin/sh\n", { mode: 0o755 });
  await Deno.writeTextFile(join(ext, "plain.txt"), "x", { mode: 0o644 });
  assertEquals(resolveExec("bin/run", ext, ""), { ok: true, path: join(ext, "bin", "run") });
  assertEquals(resolveExec("./bin/run", ext, ""), { ok: true, path: join(ext, "bin", "run") });
  assertEquals(resolveExec("../sibling", ext, ""), { ok: true, path: join(dir.path, "sibling") });
  assertEquals(resolveExec(join(ext, "bin", "run"), "/elsewhere", ""), {
    ok: true,
    path: join(ext, "bin", "run"),
  });
  const missing = resolveExec("./nope", ext, "");
  assert(!missing.ok);
  assertStringIncludes(missing.error, "executable file not found");
  const plain = resolveExec("./plain.txt", ext, "");
  assert(!plain.ok);
  assertStringIncludes(plain.error, 'is not executable (run "chmod +x');
  // A directory on PATH named like the program is not a match.
  assertEquals(which("bin", ext), undefined);
  assertEquals(
    which("run", `${join(ext, "nothing")}:${join(ext, "bin")}`),
    join(ext, "bin", "run"),
  );
});

Deno.test("launch: .ts/.mts/.js/.mjs exec entries go to the sandbox runner, others do not", async () => {
  await using zot = await tempZot();
  await using dir = await tempDir();
  const ext = join(dir.path, "hello-deno");
  await Deno.mkdir(ext);
  for (const file of ["main.ts", "main.mts", "index.js", "x.mjs", "main.sh"]) {
    await Deno.writeTextFile(join(ext, file), "#!/bin/sh\n", { mode: 0o755 });
  }
  const source = (exec: string) => ({
    ...fixtureSource("hello-deno", { exec, args: [] }),
    dir: ext,
    manifestPath: join(ext, "extension.json"),
  });
  for (const exec of ["main.ts", "./main.mts", "index.js", "./x.mjs"]) {
    const result = await planLaunch(source(exec), { paths: zot.paths });
    assert(result.ok, result.ok ? "" : `${exec}: ${result.error}`);
    assertEquals(result.plan.sandboxed, true, exec);
    // The runner, with a cleared environment, not the file itself.
    assertEquals(result.plan.args.slice(-2), ["__zot_sandbox_runner", "hello-deno"], exec);
    assertEquals(result.plan.clearEnv, true, exec);
    assertEquals(result.plan.dataDir, join(zot.paths.extensionData, "hello-deno"), exec);
  }
  const plain = await planLaunch(source("./main.sh"), { paths: zot.paths });
  assert(plain.ok, plain.ok ? "" : plain.error);
  assertEquals(plain.plan.sandboxed, false);
  assertEquals(plain.plan.command, join(ext, "main.sh"));
});

Deno.test("launch: a missing sandboxed entry fails with the sandbox's own message and remedy", async () => {
  await using zot = await tempZot();
  const source = fixtureSource("hello-deno", { exec: "./missing.mts", args: [] });
  const result = await planLaunch(source, { paths: zot.paths });
  assert(!result.ok);
  // Loaded with --ext: only --ext finds it again.
  assertEquals(
    result.error,
    `Cannot start extension "hello-deno": exec "./missing.mts" not found in ${source.dir} ` +
      `(run "zot ext doctor --ext ${source.dir}")`,
  );
  const installed = await planLaunch({ ...source, kind: "global" }, { paths: zot.paths });
  assert(!installed.ok);
  assertStringIncludes(installed.error, `(run "zot ext doctor hello-deno")`);
});
